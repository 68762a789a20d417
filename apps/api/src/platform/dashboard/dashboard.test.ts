// The dashboard's "leaked credentials in 30 days" (issue 14): credentials only, from the counters;
// the infected devices of a stealer log are findings of the module but not credentials.
import { describe, expect, it } from 'vitest';
import { answerOf } from '../../testing/api.js';
import { importFile, kpiOf, tenantFixture, trendOf } from '../../testing/monitoring.js';
import { tar } from '../imports/import-archive.js';

const fixture = tenantFixture('kpi');

describe('leaked credentials KPI', () => {
  it('counts the credentials of combolists and stealer logs, not the infected devices', async () => {
    const { app, tenant } = fixture;
    const d = tenant.domain;
    await importFile(app, tenant, 'combolist', 'combo.txt', `a@${d}:Alpha-1\nb@${d}:Bravo-2\nc@${d}:Charlie-3`);
    const day = new Date(Date.now() - 3 * 86_400_000);
    const stamp = `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()} 10:00:00`;
    const device = (machine: string, users: string[]) => [
      { path: `${machine}/System.txt`, text: `Malware: Lumma\r\nMachineName: ${machine}\r\nLog date: ${stamp}\r\n` },
      {
        path: `${machine}/Passwords.txt`,
        text: users
          .map((u, i) => `URL: https://sso.${d}/\r\nUsername: ${u}@${d}\r\nPassword: Pw-${i}-x\r\n`)
          .join('\r\n'),
      },
    ];
    const job = await importFile(
      app,
      tenant,
      'infostealer',
      'logs.tar',
      tar([...device('PC-1', ['d', 'e']), ...device('PC-2', ['f'])]),
    );
    // Two devices and three credentials.
    expect(job.counts).toMatchObject({ added: 5 });
    const devices = answerOf(
      'listInfostealerDevices',
      await tenant.browser.get('/api/credentials/devices', { token: tenant.token }),
    );
    expect(devices.meta.total).toBe(2);
    const credentials = answerOf(
      'listCredentials',
      await tenant.browser.get('/api/credentials', { token: tenant.token }),
    );
    expect(credentials.meta.total).toBe(6);
    const dashboard = answerOf('getDashboard', await tenant.browser.get('/api/dashboard', { token: tenant.token }));
    expect(kpiOf(dashboard, 'credentials', 'leaked_30d')).toBe(6);
    // The chart of new findings per day still counts every finding of the module, devices too.
    expect(trendOf(dashboard, 'credentials').reduce((n, d) => n + d, 0)).toBe(8);
  });
});
