// Test helpers of the client-side scripts module: a store with one monitored page written straight
// into the tables (as the stores' API would have), scan results built from a few facts, and a page
// scan run as its job with a scanner that answers what the test gives it.

import { createHash } from 'node:crypto';
import type { VigilApp } from '../app.js';
import type {
  ScannedConnection,
  ScannedScript,
  ScanResult,
  SecurityHeaders,
} from '../modules/scripts/scanner/scan.types.js';
import type { Scanner } from '../modules/scripts/scanner/scanner.js';
import { runScanJob } from '../modules/scripts/scans/scan-job.js';
import { queueScan } from '../modules/scripts/scans/scan-queue.js';

export const SHOP = 'acme-shop.test';

export async function seedStorePage(
  app: VigilApp,
  companyId: number,
  { url = `https://www.${SHOP}/checkout`, domains = [SHOP], name = 'Acme shop' } = {},
) {
  const now = app.ctx.clock.now();
  const store = await app.ctx.db
    .insertInto('stores')
    .values({ company_id: companyId, name, platform: 'vtex', domains, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const page = await app.ctx.db
    .insertInto('store_pages')
    .values({ company_id: companyId, store_id: store.id, url, page_type: 'checkout', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { storeId: store.id, pageId: page.id };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** An external script with this URL and content (party from the options, first by default). */
export function external(url: string, content: string, extra: Partial<ScannedScript> = {}): ScannedScript {
  return {
    key: url,
    kind: 'external',
    url,
    host: new URL(url).hostname,
    party: 'first',
    loadedBy: null,
    sha256: sha(content),
    sri: false,
    size: content.length,
    content,
    reads: [],
    ...extra,
  };
}

export function inline(content: string, extra: Partial<ScannedScript> = {}): ScannedScript {
  const hash = sha(content);
  return {
    ...external('https://x.invalid/', content),
    key: `inline:${hash}`,
    kind: 'inline',
    url: null,
    host: null,
    ...extra,
  };
}

export function connection(initiator: string | null, url: string, kind: ScannedConnection['kind'] = 'fetch') {
  return { initiator, url, host: new URL(url).hostname, kind };
}

export const STRONG_HEADERS: SecurityHeaders = {
  'content-security-policy': "default-src 'self'; script-src 'self' https://cdn.example; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-frame-options': 'DENY',
};

export function result(
  scripts: ScannedScript[],
  connections: ScannedConnection[] = [],
  headers: SecurityHeaders = STRONG_HEADERS,
): ScanResult {
  return { finalUrl: `https://www.${SHOP}/checkout`, status: 200, headers, scripts, connections, durationMs: 42 };
}

/** A scanner that answers `answer` (or throws it when it is an Error). */
export function fixedScanner(answer: ScanResult | Error): Scanner {
  return {
    scan: async () => {
      if (answer instanceof Error) throw answer;
      return answer;
    },
    close: async () => undefined,
  };
}

/** Queues the page's scan and runs its job with `scanner`; the scan's row. */
export async function scanWith(app: VigilApp, companyId: number, pageId: number, scanner: Scanner) {
  const db = app.ctx.db;
  // Queued and taken in one transaction: no worker ever sees the job queued.
  const job = await db.transaction().execute(async (trx) => {
    const jobId = await queueScan(trx, { companyId, pageId, createdBy: null, isDemo: false, now: app.ctx.clock.now() });
    return trx
      .updateTable('jobs')
      .set({ status: 'running', attempts: 1, started_at: app.ctx.clock.now() })
      .where('id', '=', jobId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  const jobId = job.id;
  await runScanJob(app.ctx, { ...job, crashed: false }, new AbortController().signal, scanner);
  return db.selectFrom('script_scans').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
}

export async function scriptFindings(app: VigilApp, companyId: number) {
  const rows = await app.ctx.db
    .selectFrom('findings as f')
    .innerJoin('script_findings as sf', 'sf.finding_id', 'f.id')
    .select([
      'f.id',
      'f.fingerprint',
      'f.status',
      'f.severity',
      'f.title',
      'sf.page_script_id',
      'sf.scan_id',
      'sf.kind',
    ])
    .where('f.company_id', '=', companyId)
    .where('f.module', '=', 'scripts')
    .execute();
  return new Map(rows.map((r) => [r.fingerprint, r]));
}
