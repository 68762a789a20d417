// The credentials search (issue 14): an e-mail by its start, and a source (breach, combolist file,
// stealer family) or a domain by any part of it, any case; another company's sources find nothing.
import { describe, expect, it } from 'vitest';
import { tar } from '../../platform/imports/import-archive.js';
import { answerOf } from '../../testing/api.js';
import { importFile, newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';

const fixture = tenantFixture('credsearch');

async function emails(who: Tenant, q: string): Promise<string[]> {
  const r = await who.browser.get(`/api/credentials?q=${encodeURIComponent(q)}&sort=email`, { token: who.token });
  expect(r.statusCode, r.body).toBe(200);
  return answerOf('listCredentials', r).data.map((c) => c.email);
}

describe('credentials search', () => {
  it('finds a source or a domain by any part of it, any case, as well as an e-mail by its start', async () => {
    const { app, tenant: a } = fixture;
    const d = a.domain;
    await importFile(app, a, 'combolist', 'SuperLeak-2026.txt', `alice@${d}:Alpha-Secret-1\nbob@${d}:Bravo-Secret-2`);
    const breaches = [{ Name: 'Gizmoshop', Title: 'Gizmoshop', BreachDate: '2025-01-02', DataClasses: ['Passwords'] }];
    await importFile(app, a, 'hibp', 'breaches.json', JSON.stringify(breaches));
    await importFile(app, a, 'hibp', 'search.json', JSON.stringify({ carol: ['Gizmoshop'] }), `&domain=${d}`);
    const log = tar([
      { path: 'PC-1/System.txt', text: 'Malware: RedLine\r\nMachineName: PC-1\r\nLog date: 12.11.2026 08:15:00\r\n' },
      { path: 'PC-1/Passwords.txt', text: `URL: https://sso.${d}/\r\nUsername: dave@${d}\r\nPassword: Delta-4\r\n` },
    ]);
    await importFile(app, a, 'infostealer', 'logs.tar', log);

    expect(await emails(a, 'superleak')).toEqual([`alice@${d}`, `bob@${d}`]);
    expect(await emails(a, 'LEAK-2026')).toEqual([`alice@${d}`, `bob@${d}`]);
    expect(await emails(a, 'gizmo')).toEqual([`carol@${d}`]);
    expect(await emails(a, 'redline')).toEqual([`dave@${d}`]);
    // The domain, by any part of it: every credential of the company's domain.
    const part = d.slice(2, -4).toUpperCase();
    expect(await emails(a, part)).toEqual([`alice@${d}`, `bob@${d}`, `carol@${d}`, `dave@${d}`]);
    // The e-mail by its start, as before; text found nowhere finds nothing; LIKE wildcards are text.
    expect(await emails(a, 'Bob@')).toEqual([`bob@${d}`]);
    expect(await emails(a, 'no-such-source')).toEqual([]);
    expect(await emails(a, '%')).toEqual([]);
    // The search goes with the other filters and into the CSV export.
    const combos = await a.browser.get('/api/credentials?q=redline&source_kind=combolist', { token: a.token });
    expect(answerOf('listCredentials', combos).data).toEqual([]);
    const csv = await a.browser.get('/api/credentials/export?q=gizmo', { token: a.token });
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
    expect(csv.body).toContain(`carol@${d}`);
  });

  it("never finds another company's rows through a source name they share", async () => {
    const { app, tenant: a } = fixture;
    const b = await newTenant(app, 'credsearchb');
    await importFile(app, b, 'combolist', 'SuperLeak-2026.txt', `erin@${b.domain}:Echo-Secret-5`);
    expect(await emails(b, 'superleak')).toEqual([`erin@${b.domain}`]);
    expect(await emails(a, 'superleak')).not.toContain(`erin@${b.domain}`);
    expect(await emails(b, a.domain)).toEqual([]);
  });
});
