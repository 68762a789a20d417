// Every import kind and its parser + writer. Later modules add their importers here.
import type { DatabaseKind } from '../../db/connect.js';
import type { Executor } from '../../db/database.js';
import type { AppContext } from '../../shared/context.js';
import { writeCombolist } from '../credentials/combolist.ingest.js';
import { parseCombolist } from '../credentials/combolist.parser.js';
import { type CredentialState, writeHibp, writeInfostealer } from '../credentials/credentials.ingest.js';
import { passwordKey } from '../credentials/credentials.secrets.js';
import { parseHibp } from '../credentials/hibp.parser.js';
import { parseInfostealer } from '../credentials/infostealer.parser.js';
import { writeEpss, writeKev, writeNvd } from '../cves/cves.ingest.js';
import { parseEpss } from '../cves/epss.parser.js';
import { parseKev } from '../cves/kev.parser.js';
import { parseNvd } from '../cves/nvd.parser.js';
import { parseNuclei } from '../vulnerabilities/nuclei.parser.js';
import { writeNuclei } from '../vulnerabilities/vulnerabilities.ingest.js';
import { slaOf } from '../vulnerabilities/vulnerabilities.sla.js';
import { companyOf, type Importer } from './import.types.js';
import type { ImportJobRow, ImportKind } from './imports.table.js';

export function jobOptions(job: Pick<ImportJobRow, 'options'>): Record<string, string> {
  if (!job.options) return {};
  const parsed: unknown = JSON.parse(job.options);
  return typeof parsed === 'object' && parsed !== null
    ? Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'))
    : {};
}

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

const none = async () => undefined;

/** Each importer's records only ever flow from its own parse to its own write, so erasing is safe. */
function erase<R, S>(importer: Importer<R, S>): Importer<unknown, unknown> {
  return importer as unknown as Importer<unknown, unknown>;
}

const importers: Record<ImportKind, Importer<unknown, unknown>> = {
  combolist: erase({
    kind: 'combolist',
    module: 'credentials',
    overlaps: true,
    prepare: credentialState,
    parse: parseCombolist,
    write: writeCombolist,
  }),
  hibp: erase({ kind: 'hibp', module: 'credentials', prepare: credentialState, parse: parseHibp, write: writeHibp }),
  infostealer: erase({
    kind: 'infostealer',
    module: 'credentials',
    archives: true,
    prepare: credentialState,
    parse: parseInfostealer,
    write: writeInfostealer,
  }),
  nvd: erase({ kind: 'nvd', module: 'cves', platform: true, prepare: none, parse: parseNvd, write: writeNvd }),
  kev: erase({ kind: 'kev', module: 'cves', platform: true, prepare: none, parse: parseKev, write: writeKev }),
  epss: erase({ kind: 'epss', module: 'cves', platform: true, prepare: none, parse: parseEpss, write: writeEpss }),
  nuclei: erase({
    kind: 'nuclei',
    module: 'vulnerabilities',
    prepare: (db, job) => slaOf(db, companyOf(job)),
    parse: parseNuclei,
    write: writeNuclei,
  }),
};

export function importerOf(kind: string): Importer<unknown, unknown> {
  const importer = importers[kind as ImportKind];
  if (!importer) throw new Error(`${kind} is not an import kind.`);
  return importer;
}

/**
 * Records per write transaction (NVD entries are large; combolist lines small). PGlite has one
 * connection: every request waits for the batch's statement, so its batches are a fifth (ADR 0009).
 */
export function batchSizeOf(kind: ImportKind, dbKind: DatabaseKind): number {
  const size = kind === 'combolist' || kind === 'epss' ? 5000 : kind === 'infostealer' ? 20 : 500;
  return dbKind === 'pglite' ? Math.max(1, Math.ceil(size / 5)) : size;
}
