// GET /search (issue 19): only the companies the user is a member of (all of them, not only the
// selected one), each hit naming its company; markup in a record comes back as text with ranges;
// the typed text validated (2 to 200 characters, no NUL, known kinds).
import { describe, expect, it } from 'vitest';
import { addMembership } from '../../identity/clients/clients.repository.js';
import type { JsonAnswerOf } from '../../route-table.js';
import { answerOf, validationOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';

const fixture = tenantFixture('search');

type Results = JsonAnswerOf<'search'>;

async function search(who: Tenant, query: string): Promise<Results> {
  const r = await who.browser.get(`/api/search?${query}`, { token: who.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('search', r);
}

/** One nuclei finding named `name` on the company's www host. */
const nuclei = (name: string, domain: string) =>
  JSON.stringify({
    'template-id': `tpl-${name.length}`,
    info: { name, severity: 'high' },
    host: `https://www.${domain}`,
    'matched-at': `https://www.${domain}/admin`,
    timestamp: '2026-11-20T10:00:00Z',
  });

const group = (results: Results, kind: string) => results.groups.find((g) => g.kind === kind);
const titles = (results: Results, kind: string) => (group(results, kind)?.hits ?? []).map((h) => h.title).sort();

describe('search across companies', () => {
  it("finds the user's companies' rows only, every membership, each hit with its company", async () => {
    const { app, tenant: a } = fixture;
    const b = await newTenant(app, 'searchb');
    const c = await newTenant(app, 'searchc');
    for (const who of [a, b, c]) {
      await importFile(app, who, 'combolist', 'quokka.txt', `quokka.keeper@${who.domain}:Pw-Quokka-1`);
      await importFile(app, who, 'nuclei', 'quokka.jsonl', nuclei('Quokka panel exposed', who.domain));
    }
    // A member of a's company who is also a member of b's (a's company selected).
    const both = await newTenant(app, 'searchab', { join: a });
    await addMembership(app.ctx.db, both.userId, b.companyId, 'viewer', new Date());

    expect(titles(await search(a, 'q=quokka'), 'leaks')).toEqual([`quokka.keeper@${a.domain}`]);
    expect(titles(await search(c, 'q=quokka'), 'leaks')).toEqual([`quokka.keeper@${c.domain}`]);
    const mine = await search(both, 'q=quokka');
    expect(titles(mine, 'leaks')).toEqual([`quokka.keeper@${a.domain}`, `quokka.keeper@${b.domain}`].sort());
    const companies = group(mine, 'leaks')?.hits.map((h) => h.company?.id);
    expect(companies?.sort()).toEqual([a.companyId, b.companyId].sort());
    expect(JSON.stringify(mine)).not.toContain(c.domain);
    // The findings group (titles of the modules' findings) is filtered the same way.
    expect(titles(mine, 'findings')).toEqual(
      [`Quokka panel exposed on https://www.${a.domain}`, `Quokka panel exposed on https://www.${b.domain}`].sort(),
    );
    // Text of c's rows typed in full still finds nothing of c's.
    expect((await search(a, `q=${encodeURIComponent(`quokka.keeper@${c.domain}`)}`)).groups).toEqual([]);
    // A lost membership loses its rows at once.
    await app.ctx.db
      .deleteFrom('memberships')
      .where('user_id', '=', both.userId)
      .where('company_id', '=', b.companyId)
      .execute();
    expect(titles(await search(both, 'q=quokka'), 'leaks')).toEqual([`quokka.keeper@${a.domain}`]);
  });

  it('answers markup in a record as text, with the ranges of the match in it', async () => {
    const { app, tenant: a } = fixture;
    await importFile(
      app,
      a,
      'nuclei',
      'xss.jsonl',
      nuclei('<img src=x onerror=alert(1)> Wombat <b>Mart</b>', a.domain),
    );
    const results = await search(a, 'q=wombat%20mart');
    const hit = group(results, 'findings')?.hits[0];
    expect(hit?.title).toBe(`<img src=x onerror=alert(1)> Wombat <b>Mart</b> on https://www.${a.domain}`);
    expect(hit?.title_ranges.map((r) => hit.title.slice(r.start, r.end))).toEqual(['Wombat', 'Mart']);
  });

  it('marks words at their start, case and accents ignored, and a partial e-mail inside it', async () => {
    const { app, tenant: a } = fixture;
    await importFile(app, a, 'combolist', 'accents.txt', `jose.conceicao@${a.domain}:Pw-Accent-1`);
    const byStart = group(await search(a, 'q=CONCEI'), 'leaks')?.hits[0];
    expect(byStart?.title).toBe(`jose.conceicao@${a.domain}`);
    expect(byStart?.title_ranges).toEqual([{ start: 5, end: 11 }]);
    const inside = group(await search(a, 'q=nceicao%40'), 'leaks')?.hits[0];
    expect(inside?.title_ranges).toEqual([{ start: 7, end: 15 }]);
    // Accents either way: typed without them, stored with them (and the reverse); a word's inside is not a start.
    await importFile(app, a, 'nuclei', 'accents.jsonl', nuclei('Painel de Exposição em São Paulo', a.domain));
    for (const q of ['sao paulo', 'EXPOSICAO', 'expôsiç']) {
      const hit = group(await search(a, `q=${encodeURIComponent(q)}`), 'findings')?.hits[0];
      expect(hit?.title, q).toBe(`Painel de Exposição em São Paulo on https://www.${a.domain}`);
    }
    const paulo = group(await search(a, 'q=s%C3%83O%20paulo'), 'findings')?.hits[0];
    expect(paulo?.title_ranges.map((r) => paulo.title.slice(r.start, r.end))).toEqual(['São', 'Paulo']);
    expect(group(await search(a, 'q=xposicao'), 'findings')).toBeUndefined();
  });

  it('returns at most limit hits per group, says when there are more, and keeps to the kinds asked', async () => {
    const { app, tenant: a } = fixture;
    const lines = Array.from({ length: 4 }, (_, i) => `platypus${i}@${a.domain}:Pw-Platypus-${i}`);
    await importFile(app, a, 'combolist', 'many.txt', lines.join('\n'));
    const two = await search(a, 'q=platypus&limit=2&kinds=leaks');
    expect(two.groups.map((g) => g.kind)).toEqual(['leaks']);
    expect(group(two, 'leaks')).toMatchObject({ module: 'credentials', more: true });
    expect(group(two, 'leaks')?.hits).toHaveLength(2);
    await importFile(app, a, 'nuclei', 'platypus.jsonl', nuclei('Platypus debug page', a.domain));
    const all = await search(a, 'q=platypus&limit=10&kinds=leaks&kinds=findings');
    // Leaks are the credentials module's findings: their own group shows them, not the findings group.
    expect(all.groups.map((g) => [g.kind, g.hits.length, g.more])).toEqual([
      ['findings', 1, false],
      ['leaks', 4, false],
    ]);
    expect(group(all, 'leaks')?.hits[0]?.link).toMatch(/^\/credentials\?open=\d+$/);
  });

  it('refuses text too short, too long or with NUL, and unknown kinds, with a clear message', async () => {
    const { tenant: a } = fixture;
    const errors = async (query: string) => {
      const r = await a.browser.get(`/api/search?${query}`, { token: a.token });
      expect(r.statusCode, r.body).toBe(422);
      return validationOf(r).errors;
    };
    expect((await errors('q=a')).q).toEqual(['The q field must be at least 2 characters.']);
    expect((await errors('q=%20a%20')).q).toEqual(['The q field must be at least 2 characters.']);
    expect((await errors(`q=${'x'.repeat(201)}`)).q).toEqual(['The q field must not be greater than 200 characters.']);
    expect((await errors('q=ab%00cd')).q?.[0]).toMatch(/NUL|invalid/i);
    expect((await errors('q=abc&kinds=nope')).kinds).toEqual(['Unknown search kind: nope.']);
    expect((await a.browser.get('/api/search', { token: a.token })).statusCode).toBe(422);
    // LIKE and tsquery syntax are text.
    expect((await search(a, `q=${encodeURIComponent("%_ & ! ' :*")}`)).groups).toEqual([]);
  });
});
