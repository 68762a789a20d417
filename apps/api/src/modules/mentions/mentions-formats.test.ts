// The two inputs of `mentions-jsonl` through the upload path (fixtures/real/README.md): the feed's
// documented example (docs/mentions-feed.md) and a Telegram Desktop channel export (result.json),
// with counts worked out here from the raw files; other files refused once, naming what they are.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, type Tenant, tenantFixture } from '../../testing/monitoring.js';

const fixture = tenantFixture('mentionsformats');
const real = (name: string) => readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8');
const doc = readFileSync(new URL('../../../../../docs/mentions-feed.md', import.meta.url), 'utf8');
const example = /```jsonl\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

async function mentions(who: Tenant, query: string) {
  const response = await who.browser.get(`/api/mentions?${query}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return answerOf('listMentions', response);
}

async function watch(who: Tenant, terms: [string, string][]) {
  for (const [kind, term] of terms) {
    const response = await who.browser.post('/api/mentions/keywords', { class: kind, term }, { token: who.token });
    expect(response.statusCode, response.body).toBe(201);
  }
}

describe('mentions-jsonl reads what feeds and Telegram Desktop write', () => {
  it('reads the documented JSON lines feed, one mention per non-empty line', async () => {
    await watch(fixture.tenant, [
      ['domain', 'acme-retail.example'],
      ['card_bin', '457173'],
      ['brand', 'Globex'],
    ]);
    const count = example.split('\n').filter((l) => l.trim() !== '').length;
    const job = await importFile(fixture.app, fixture.tenant, 'mentions-jsonl', 'feed.jsonl', example);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({ read: count, added: count, rejected: 0 });
    expect((await mentions(fixture.tenant, 'source_type=telegram')).meta.total).toBe(0);
  });

  it('reads a Telegram Desktop channel export: each text message a mention, service and media-only messages refused', async () => {
    const text = real('telegram-desktop-channel-result.json');
    const exported = JSON.parse(text) as { name: string; messages: { type: string; text: unknown }[] };
    const flat = (t: unknown): string =>
      typeof t === 'string'
        ? t
        : Array.isArray(t)
          ? t
              .map((p) =>
                typeof p === 'string' ? p : typeof p === 'object' && p !== null && 'text' in p ? String(p.text) : '',
              )
              .join('')
          : '';
    const posts = exported.messages.filter((m) => m.type === 'message' && flat(m.text).trim() !== '');
    const job = await importFile(fixture.app, fixture.tenant, 'mentions-jsonl', 'result.json', text);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.counts).toMatchObject({
      read: exported.messages.length,
      added: posts.length,
      rejected: exported.messages.length - posts.length,
    });
    expect(job.rejects.map((r) => [r.line, r.reason])).toEqual([
      [1, 'A Telegram service message (action "create_channel"), not a post.'],
      [4, 'A message without text (media only): nothing to match.'],
    ]);
    const found = await mentions(fixture.tenant, 'source_type=telegram');
    expect(found.meta.total).toBe(posts.length);
    expect(new Set(found.data.map((m) => m.source_name))).toEqual(new Set([exported.name]));
    // Entities joined: the host in bold and the IP in code are one text.
    expect((await mentions(fixture.tenant, 'q=broker_example')).data.map((m) => m.source_type)).toEqual(['telegram']);
    const again = await importFile(fixture.app, fixture.tenant, 'mentions-jsonl', 'result.json', text);
    expect(again.counts).toMatchObject({ added: 0, updated: posts.length });
  });

  it('refuses an export without date_unixtime once: its dates have no time zone', async () => {
    const job = await importFile(
      fixture.app,
      fixture.tenant,
      'mentions-jsonl',
      'old.json',
      real('telegram-desktop-2021-no-unixtime-result.json'),
    );
    expect(job.counts).toMatchObject({ added: 0, rejected: 1 });
    expect(job.rejects[0]).toMatchObject({ line: 0 });
    expect(job.rejects[0]?.reason).toMatch(/^This is a Telegram Desktop export without "date_unixtime"/);
  });

  it.each([
    ['a JSON array', '[{"source_type":"forum"}]', /^This is a JSON array, not JSON lines/],
    ['a CSV', 'source_type,source_name,text\nforum,XSS.is,hello\n', /^This is not JSON lines/],
    ['an HTML export', '<!DOCTYPE html>\n<html></html>\n', /^This is an HTML or XML file/],
    ['a full-account export', '{\n "about": "x",\n "chats": {"about": "y", "list": []}\n}\n', /full-account export/],
  ])('refuses %s once, naming it', async (_what, content, reason) => {
    const job = await importFile(fixture.app, fixture.tenant, 'mentions-jsonl', 'other.txt', content);
    expect(job.counts).toMatchObject({ added: 0, rejected: 1 });
    expect(job.rejects).toHaveLength(1);
    expect(job.rejects[0]?.line).toBe(0);
    expect(job.rejects[0]?.reason).toMatch(reason);
  });
});
