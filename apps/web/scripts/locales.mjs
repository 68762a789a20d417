#!/usr/bin/env node
// The messages are written where they belong: each module's in
// `src/modules/<id>/locales/<language>.json`, each platform or identity feature's in
// `src/platform/<feature>/locales/` or `src/identity/<feature>/locales/` (one namespace per folder:
// its file holds the one top-level key named after the folder), the shell's in
// `src/locales/<language>.json`. This merges them into `public/locales/<language>.json`, the one
// file per language the app loads (namespaces in the order of their names).
//   node scripts/locales.mjs          write public/locales/*.json
//   node scripts/locales.mjs --check  exit 1 when one is stale
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The folders holding features, each with its own messages. */
const LAYERS = ['src/modules', 'src/platform', 'src/identity'].map((dir) => join(web, dir));

const read = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** The merged messages of one language: the shell's, then each feature's namespace. */
export function mergedMessages(language) {
  const merged = { ...read(join(web, 'src/locales', `${language}.json`)) };
  const folders = LAYERS.filter((layer) => existsSync(layer)).flatMap((layer) =>
    readdirSync(layer).map((feature) => ({ feature, path: join(layer, feature, 'locales', `${language}.json`) })),
  );
  for (const { feature, path } of folders.sort((a, b) => (a.feature < b.feature ? -1 : 1))) {
    if (!existsSync(path)) continue;
    const messages = read(path);
    const keys = Object.keys(messages);
    if (keys.length !== 1 || keys[0] !== feature) {
      throw new Error(`${relative(web, path)}: holds the one namespace "${feature}" (found: ${keys.join(', ')}).`);
    }
    if (feature in merged) throw new Error(`${relative(web, path)}: the shell's messages already have "${feature}".`);
    merged[feature] = messages[feature];
  }
  return merged;
}

export function languages() {
  return readdirSync(join(web, 'src/locales'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''))
    .sort();
}

export const outputOf = (language) => join(web, 'public/locales', `${language}.json`);
export const textOf = (language) => `${JSON.stringify(mergedMessages(language), null, 2)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  const stale = [];
  for (const language of languages()) {
    const text = textOf(language);
    const current = existsSync(outputOf(language)) ? readFileSync(outputOf(language), 'utf8') : '';
    if (current === text) continue;
    if (check) stale.push(language);
    else writeFileSync(outputOf(language), text);
  }
  if (stale.length > 0) {
    console.error(`public/locales is stale for ${stale.join(', ')}: run \`npm run generate\` and commit the result.`);
    process.exitCode = 1;
  } else console.log(check ? 'public/locales is up to date' : 'wrote public/locales');
}
