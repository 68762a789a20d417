// The combolist writer, the hot path of the credential importers (millions of lines): keep the
// company's domains, mask and hash passwords, and upsert findings and credential rows in one
// statement per batch; on PostgreSQL two batches of a file at once (ADR 0007). The import's one
// event is written when it ends, from the counts each batch adds (findings.ingest).
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { addImportTally, type FindingTally, seenAgain, tallyOf } from '../../platform/findings/findings.ingest.js';
import { companyOf, type Overlap, type WriteContext, type WriteOutcome } from '../../platform/imports/import.types.js';
import { addRiskCounts } from '../../platform/risk/risk.counters.js';
import type { ComboRecord } from './combolist.parser.js';
import { addCredentialSources, type CredentialState } from './credentials.ingest.js';
import { hostOf, inDomains, maskPassword, passwordHmac } from './credentials.secrets.js';

interface ComboRow {
  fingerprint: string;
  email: string;
  domain: string;
  hash: string;
  masked: string;
  url: string | null;
}

interface ComboOutcome {
  added: number;
  updated: number;
  reopened: { id: number; severity: string }[];
}

/** The batch's rows in the company's domains, one per fingerprint, in fingerprint order. */
function comboRows(state: CredentialState, records: ComboRecord[]): { rows: ComboRow[]; ignored: number } {
  const kept = new Map<string, ComboRow>();
  let ignored = 0;
  for (const r of records) {
    // A login that is no e-mail (a ULP line) is the company's when its site is.
    const host = r.email.includes('@') || !r.url ? undefined : hostOf(r.url);
    const domain = host ? inDomains(host, state.domains) : inDomains(r.email, state.domains);
    if (!domain) {
      ignored += 1;
      continue;
    }
    const hash = passwordHmac(state.key, r.password);
    const fingerprint = `combo:${r.email}:${hash.slice(0, 32)}`;
    kept.set(fingerprint, { fingerprint, email: r.email, domain, hash, masked: maskPassword(r.password), url: r.url });
  }
  // Fingerprint order: two imports running at once (two servers) lock the rows they share in the
  // same order, so one waits for the other instead of deadlocking.
  const rows = [...kept.values()].sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1));
  return { rows, ignored };
}

/** One statement upserts the findings and writes the credential rows of new ones, from arrays sent once. */
async function upsertCombo(db: Executor, context: WriteContext, rows: ComboRow[]): Promise<ComboOutcome> {
  if (rows.length === 0) return { added: 0, updated: 0, reopened: [] };
  const { job, now } = context;
  const seen = context.seenAt > now ? now : context.seenAt;
  const source = job.file_name;
  const result = await sql<{ added: number; updated: number; reopened: number[]; severities: string[] }>`
    with t as (
      select * from unnest(${rows.map((r) => r.fingerprint)}::text[], ${rows.map((r) => r.email)}::text[],
        ${rows.map((r) => r.domain)}::text[], ${rows.map((r) => r.masked)}::text[], ${rows.map((r) => r.hash)}::text[],
        ${rows.map((r) => r.url)}::text[])
        as t(fingerprint, email, domain, masked, hash, url)
    ), ins as (
      insert into findings (company_id, module, fingerprint, title, severity, first_seen_at, last_seen_at, last_job_id,
        is_demo, created_at, updated_at)
      select ${companyOf(job)}, 'credentials', t.fingerprint, t.email || ${` in combolist ${source}`}, 'high',
        ${seen}::timestamptz, ${seen}::timestamptz, ${job.id}::int, ${job.is_demo}, ${now}::timestamptz, ${now}::timestamptz
      from t
      ${seenAgain}
      returning id, fingerprint, severity, (xmax = 0) as inserted, prev_status
    ), cr as (
      insert into credential_findings (finding_id, company_id, email, domain, source_kind, source_name, data_classes,
        password_masked, password_hmac, url)
      select ins.id, ${companyOf(job)}, t.email, t.domain, 'combolist', ${source}, '{"Email addresses",Passwords}',
        t.masked, t.hash, t.url
      from ins join t on t.fingerprint = ins.fingerprint
      where ins.inserted
    )
    select count(*) filter (where inserted)::int as added, count(*) filter (where not inserted)::int as updated,
      coalesce(array_agg(id) filter (where not inserted and prev_status = 'resolved'), '{}') as reopened,
      coalesce(array_agg(severity) filter (where not inserted and prev_status = 'resolved'), '{}') as severities
    from ins`.execute(db);
  const outcome = result.rows[0];
  if (!outcome) return { added: 0, updated: 0, reopened: [] };
  return {
    added: outcome.added,
    updated: outcome.updated,
    reopened: outcome.reopened.map((id, i) => ({ id, severity: outcome.severities[i] ?? 'high' })),
  };
}

/**
 * What the findings triggers count, for a writer that set `vigil.stats_by_writer`: new findings
 * (high, new; by the day first seen) and reopened ones (resolved → new). Rows in key order.
 */
async function addComboStats(db: Executor, context: WriteContext, outcome: ComboOutcome): Promise<void> {
  const companyId = companyOf(context.job);
  const deltas = new Map<string, number>();
  const add = (severity: string, status: string, n: number) => {
    const key = `${severity}\u0000${status}`;
    deltas.set(key, (deltas.get(key) ?? 0) + n);
  };
  if (outcome.added > 0) add('high', 'new', outcome.added);
  for (const r of outcome.reopened) {
    add(r.severity, 'resolved', -1);
    add(r.severity, 'new', 1);
  }
  const changes = [...deltas].filter(([, n]) => n !== 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (changes.length > 0) {
    const [severities, statuses] = [0, 1].map((i) => changes.map(([key]) => key.split('\u0000')[i] ?? ''));
    await sql`
      insert into finding_stats (company_id, module, severity, status, n)
      select ${companyId}, 'credentials', t.severity, t.status, t.n
      from unnest(${severities}::text[], ${statuses}::text[], ${changes.map(([, n]) => n)}::bigint[]) as t(severity, status, n)
      on conflict (company_id, module, severity, status) do update set n = finding_stats.n + excluded.n`.execute(db);
    const counts = changes.map(([key, n]) => {
      const [severity = '', status = ''] = key.split('\u0000');
      return { severity, status, n };
    });
    await addRiskCounts(db, { companyId, module: 'credentials', kind: 'combo', changes: counts });
  }
  if (outcome.added > 0) {
    const seen = context.seenAt > context.now ? context.now : context.seenAt;
    await sql`
      insert into finding_daily (company_id, module, day, kind, n)
      values (${companyId}, 'credentials', (${seen}::timestamptz at time zone 'UTC')::date, 'combo', ${outcome.added})
      on conflict (company_id, module, day, kind) do update set n = finding_daily.n + excluded.n`.execute(db);
  }
}

/** New combolist findings are high; a reopened one keeps its severity. */
function comboTally(outcome: ComboOutcome): FindingTally {
  const tally = tallyOf(outcome.reopened.map((r) => ({ severity: r.severity, inserted: false, reopened: true })));
  if (outcome.added > 0) tally.high = { created: outcome.added, reopened: tally.high?.reopened ?? 0 };
  return tally;
}

/**
 * The hot path (millions of lines). With `overlap` (PostgreSQL, two batches at once), the rows
 * this batch shares with the batch before and the counter rows are written once that batch ended;
 * the rest at once, beside it.
 */
export async function writeCombolist(
  db: Executor,
  context: WriteContext,
  state: CredentialState,
  records: ComboRecord[],
  overlap?: Overlap,
): Promise<WriteOutcome> {
  const { rows, ignored } = comboRows(state, records);
  let outcome: ComboOutcome;
  if (overlap) {
    overlap.mine(new Set(rows.map((r) => r.fingerprint)));
    const shared = rows.filter((r) => overlap.before.has(r.fingerprint));
    const own = shared.length === 0 ? rows : rows.filter((r) => !overlap.before.has(r.fingerprint));
    await sql`select set_config('vigil.stats_by_writer', 'on', true)`.execute(db);
    const first = await upsertCombo(db, context, own);
    await overlap.waitBefore();
    const second = await upsertCombo(db, context, shared);
    outcome = {
      added: first.added + second.added,
      updated: first.updated + second.updated,
      reopened: [...first.reopened, ...second.reopened],
    };
    await addComboStats(db, context, outcome);
  } else {
    outcome = await upsertCombo(db, context, rows);
  }
  const { job, now } = context;
  // After the batch before committed (overlap): it may be adding the same pairs and counts.
  await addImportTally(db, job.id, comboTally(outcome));
  if (outcome.added > 0) {
    const domains = new Set(rows.map((r) => r.domain));
    await addCredentialSources(
      db,
      companyOf(job),
      [...domains].map((domain) => ({ sourceName: job.file_name, domain })),
    );
  }
  if (outcome.reopened.length > 0) {
    await db
      .insertInto('finding_changes')
      .values(
        outcome.reopened.map(({ id }) => ({
          company_id: companyOf(job),
          finding_id: id,
          field: 'status',
          from_value: 'resolved',
          to_value: 'new',
          job_id: job.id,
          at: now,
        })),
      )
      .execute();
  }
  return { added: outcome.added, updated: outcome.updated, ignored };
}
