import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protectedScreens } from '@/config/paths';
import { catalogueMessageKeys } from '@/identity/auth/utils/messages';
import { LANGUAGES } from './languages';

type Messages = { [key: string]: string | Messages };

function load(language: string): Messages {
  return JSON.parse(readFileSync(resolve(process.cwd(), `public/locales/${language}.json`), 'utf8'));
}

function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const en = flatten(load('en'));

describe('messages of every language', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the keys of en, with the same variables', (language) => {
    const messages = flatten(load(language));
    const missing = [...en.keys()].filter((key) => !messages.has(key));
    const extra = [...messages.keys()].filter((key) => !en.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [key, text] of en) {
      expect(variables(messages.get(key) ?? ''), `${language}: ${key}`).toEqual(variables(text));
      expect(messages.get(key)?.trim(), `${language}: ${key} is empty`).not.toBe('');
    }
  });

  it('names every protected screen (title, what it shows, where the data comes from) and analytics', () => {
    for (const id of [...protectedScreens.map((s) => s.id), 'analytics']) {
      for (const part of ['title', 'what', 'source'])
        expect(en.has(`screens.${id}.${part}`), `${id}.${part}`).toBe(true);
    }
  });

  it('translates every catalogue message of spec §8', () => {
    for (const key of catalogueMessageKeys) expect(en.has(`auth.messages.${key}`), key).toBe(true);
  });

  it('keeps the spec texts of the not-found page', () => {
    expect(en.get('notFound.description')).toBe("We can't seem to find the page you are looking for!");
    expect(en.get('notFound.backHome')).toBe('Back to Home Page');
  });
});

/** Every `t('a.b')` and `t(`a.b.${…}`)` of the app's source (tests aside), with its file. */
function keysUsedInSource(): { file: string; key: string; prefix: boolean }[] {
  const root = resolve(process.cwd(), 'src');
  const files = readdirSync(root, { recursive: true })
    .map(String)
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const used: { file: string; key: string; prefix: boolean }[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\bt\(\s*(['"])([\w-]+(?:\.[\w-]+)+)\1/g))
      used.push({ file, key: m[2] ?? '', prefix: false });
    for (const m of text.matchAll(/\bt\(\s*`([\w-]+(?:\.[\w-]+)*)\.\$\{/g))
      used.push({ file, key: m[1] ?? '', prefix: true });
  }
  return used;
}

describe('messages the screens ask for', () => {
  // A key missing from the messages shows raw on screen (`archives.source` on /gaudork, issue 33).
  it('exist in en (plural forms count), and a key built from a value has its group', () => {
    const groups = new Set(
      [...en.keys()].flatMap((key) => key.split('.').map((_, i, parts) => parts.slice(0, i + 1).join('.'))),
    );
    const used = keysUsedInSource();
    expect(used.length).toBeGreaterThan(500);
    const missing = used
      .filter(({ key, prefix }) =>
        prefix
          ? !groups.has(key)
          : !en.has(key) && !en.has(`${key}_one`) && !en.has(`${key}_other`) && !groups.has(key),
      )
      .map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });
});

describe('where messages are written', () => {
  it('public/locales is the merge of the shell’s and each feature’s files (npm run generate)', async () => {
    const { languages, outputOf, textOf } = (await import(resolve(process.cwd(), 'scripts/locales.mjs'))) as {
      languages(): string[];
      outputOf(language: string): string;
      textOf(language: string): string;
    };
    expect(languages()).toEqual([...LANGUAGES].sort());
    for (const language of languages())
      expect(readFileSync(outputOf(language), 'utf8'), language).toBe(textOf(language));
  });
});
