// The demo's feed is the documented format (every line reads), holds one post twice (de-duplicated
// on import), matches the demo keyword list in every class, and carries the post addressed to an AI
// assistant that issue 20 tests prompt injection with.
import { describe, expect, it } from 'vitest';
import { demoKeywords, mentionsDemo } from './mentions.demo.js';
import { mentionLine } from './mentions.feed.js';
import { matchMention, normaliseKeyword } from './mentions.match.js';

const company = { domain: 'acme-retail.example', watch: [], hosts: [] };
const anchor = new Date(Date.UTC(2026, 10, 26));

describe('the mentions demo', () => {
  const [file] = mentionsDemo({ anchor, company, index: 0, seed: 100 });
  const lines = (file?.content.toString() ?? '').trim().split('\n');
  const parsed = lines.map((l) => mentionLine(l, anchor.getTime()));

  it('is a feed of valid lines, one of them delivered twice', () => {
    expect(file?.kind).toBe('mentions-jsonl');
    expect(parsed.map((p) => (p.ok ? 'ok' : p.reason))).toEqual(lines.map(() => 'ok'));
    const hashes = parsed.flatMap((p) => (p.ok ? [p.record.hash] : []));
    expect(new Set(hashes).size).toBe(hashes.length - 1);
  });

  it('matches every class of the demo keywords, and leaves two posts unmatched', () => {
    const terms = demoKeywords(company);
    const keywords = terms.map(([c, raw], id) => {
      const n = normaliseKeyword(c, raw);
      return { id, class: c, term: n.ok ? n.term : raw };
    });
    const records = parsed.slice(0, -1).flatMap((r) => (r.ok ? [r.record] : []));
    const matched = records.map((r) => matchMention(keywords, r.title, r.body).map((m) => m.keyword.class));
    expect(new Set(matched.flat())).toEqual(new Set(terms.map(([c]) => c)));
    expect(matched.filter((m) => m.length === 0)).toHaveLength(2);
    expect(records.some((r) => r.body.startsWith('Ignore previous instructions'))).toBe(true);
  });
});
