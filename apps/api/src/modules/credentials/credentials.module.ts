// The credentials module: leaked credentials of the company's domains (HIBP breaches, combolists)
// and infostealer-infected devices with the credentials their logs hold.
import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import { companyOf, defineImporter } from '../../platform/imports/import.types.js';
import { jobOptions } from '../../platform/imports/import-options.js';
import type { ImportJobRow } from '../../platform/imports/imports.table.js';
import type { MonitoringModule } from '../../platform/monitoring/monitoring-module.js';
import { DAY } from '../../shared/clock.js';
import { tenantFilter } from '../../shared/tenant.js';
import { writeCombolist } from './combolist.ingest.js';
import { parseCombolist } from './combolist.parser.js';
import { credentialsDemo } from './credentials.demo.js';
import { type CredentialState, writeHibp, writeInfostealer } from './credentials.ingest.js';
import { credentialsRoutes } from './credentials.routes.js';
import { credentialsSearch } from './credentials.search.js';
import { passwordKey } from './credentials.secrets.js';
import { parseHibp } from './hibp.parser.js';
import { parseInfostealer } from './infostealer.parser.js';

/** The company's domains, and the one a file is about (named in its options or its name). */
async function credentialState(db: Executor, job: ImportJobRow, ctx: AppContext): Promise<CredentialState> {
  const domains = (
    await db.selectFrom('company_domains').select('domain').where('company_id', '=', companyOf(job)).execute()
  ).map((d) => d.domain);
  const options = jobOptions(job);
  const fromName = domains.find((d) => job.file_name.toLowerCase().includes(d));
  const given = options.domain?.toLowerCase();
  const searchDomain =
    given && domains.some((d) => given === d || given.endsWith(`.${d}`))
      ? given
      : (fromName ?? (domains.length === 1 ? (domains[0] ?? null) : null));
  return { domains, key: passwordKey(ctx.codeKey), searchDomain };
}

const combolist = defineImporter({
  kind: 'combolist',
  module: 'credentials',
  files: ['.txt', '.csv'],
  expects: 'combolist lines (email:password, email;password, email|password, or url:login:password)',
  batchSize: 5000,
  overlaps: true,
  prepare: credentialState,
  parse: parseCombolist,
  write: writeCombolist,
});

const hibp = defineImporter({
  kind: 'hibp',
  module: 'credentials',
  files: ['.json'],
  expects: 'an HIBP breach list (array, one breach or { "data": [...] }) or a domain search { "alias": ["Breach"] }',
  // A domain search dates and classes its findings from the breach catalogue (a file of the same
  // kind): one at a time, in the order queued, so a catalogue queued first is there when it runs.
  concurrency: 1,
  prepare: credentialState,
  parse: parseHibp,
  write: writeHibp,
});

const infostealer = defineImporter({
  kind: 'infostealer',
  module: 'credentials',
  files: ['.zip', '.tar', '.tar.gz', '.tgz', '.txt'],
  expects: 'stealer log folders (a zip or tar) with a Passwords.txt of URL / login / password blocks',
  batchSize: 20,
  archives: true,
  prepare: credentialState,
  parse: parseInfostealer,
  write: writeInfostealer,
});

export const credentialsModule: MonitoringModule = {
  id: 'credentials',
  screen: '/credentials',
  // Infected devices have their own tab.
  findingQuery: (f) => (f.fingerprint.startsWith('device:') ? `tab=devices&open=${f.id}` : `open=${f.id}`),
  importers: [hibp, combolist, infostealer],
  routes: credentialsRoutes,
  search: credentialsSearch,
  demo: credentialsDemo,
  // Leaked passwords, breaches, stealer logs and infected devices are all leaked credentials.
  riskFactors: {
    combo: 'leaked_credentials',
    breach: 'leaked_credentials',
    stealer: 'leaked_credentials',
    device: 'leaked_credentials',
  },
  lists: [
    { path: '/credentials', export: '/credentials/export', detail: '/credentials/{id}' },
    { path: '/credentials/devices', export: '/credentials/devices/export', detail: '/credentials/devices/{id}' },
  ],
  kpis: [
    {
      // Credentials first seen in the last 30 days (the daily counters; devices are not credentials).
      id: 'leaked_30d',
      value: async ({ db, scope, now }) => {
        const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
        const row = await db
          .selectFrom('finding_daily')
          .select(sql<number>`coalesce(sum(n), 0)::int`.as('n'))
          .where(tenantFilter('finding_daily', scope))
          .where('module', '=', 'credentials')
          // An infected device is a finding of the module, not a credential (finding_daily's kind).
          .where('kind', '<>', 'device')
          .where('day', '>', new Date(today - 30 * DAY))
          .executeTakeFirstOrThrow();
        return row.n;
      },
    },
  ],
};
