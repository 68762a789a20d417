// Writes what a clone search saw of one candidate domain, in one transaction: the candidate (its
// sources and terms merged with earlier sightings), the capture (screenshot, content hash,
// similarity; `offline` when a known candidate stopped resolving), and its finding (kind `clone`)
// when it looks enough like the store. A domain that never resolved is not kept.
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { upsertFindings } from '../../../platform/findings/findings.ingest.js';
import type { PageCapture } from '../scanner/capture.types.js';
import type { CaptureStatus, CloneSource } from './clones.table.js';
import { cloneFingerprint, cloneSeverity, cloneTitle } from './clones.values.js';

export interface Sighting {
  storeId: number;
  storeName: string;
  domain: string;
  url: string;
  source: CloneSource;
  permutation: string | null;
  matchedTerms: string[];
}

export type Visit =
  | { status: 'offline' }
  | { status: 'failed'; address: string; error: string }
  | {
      status: 'online';
      address: string;
      capture: PageCapture;
      similarity: number | null;
      fingerprints: string[];
      contentSha256: string;
    };

/** The run's company (a system write: no session, the run's own company). */
export interface RunScope {
  companyId: number;
  isDemo: boolean;
  now: Date;
}

export interface Written {
  candidateId: number;
  inserted: boolean;
  /** The finding was created or reopened. */
  newFinding: boolean;
}

const online = (visit: Visit) => (visit.status === 'online' ? visit : null);

/**
 * Null when the domain does not resolve and was never a candidate. `again`: the run captured the
 * domain already (found by a permutation and a search): only the sources and terms are merged.
 */
export async function writeSighting(
  db: Executor,
  run: RunScope,
  seen: Sighting,
  visit: Visit,
  again = false,
): Promise<Written | null> {
  const existing = await db
    .selectFrom('clone_candidates')
    .select('id')
    .where('company_id', '=', run.companyId)
    .where('domain', '=', seen.domain)
    .executeTakeFirst();
  if (!existing && visit.status === 'offline') return null;
  const live = online(visit);
  const candidate = await db
    .insertInto('clone_candidates')
    .values({
      company_id: run.companyId,
      store_id: seen.storeId,
      domain: seen.domain,
      url: seen.url,
      sources: [seen.source],
      permutation: seen.permutation,
      matched_terms: seen.matchedTerms,
      fingerprints: live?.fingerprints ?? [],
      resolves: visit.status !== 'offline',
      address: visit.status === 'offline' ? null : visit.address,
      similarity: live?.similarity ?? null,
      content_sha256: live?.contentSha256 ?? null,
      first_seen_at: run.now,
      last_seen_at: run.now,
      last_checked_at: run.now,
      is_demo: run.isDemo,
    })
    .onConflict((oc) =>
      oc.columns(['company_id', 'domain']).doUpdateSet({
        store_id: sql`coalesce(excluded.store_id, clone_candidates.store_id)`,
        url: sql`excluded.url`,
        sources: sql`array(select distinct unnest(clone_candidates.sources || excluded.sources) order by 1)`,
        permutation: sql`coalesce(clone_candidates.permutation, excluded.permutation)`,
        matched_terms: sql`array(select distinct unnest(clone_candidates.matched_terms || excluded.matched_terms) order by 1)`,
        fingerprints: live ? sql`excluded.fingerprints` : sql`clone_candidates.fingerprints`,
        resolves: sql`excluded.resolves`,
        address: sql`excluded.address`,
        similarity: live ? sql`excluded.similarity` : sql`clone_candidates.similarity`,
        content_sha256: live ? sql`excluded.content_sha256` : sql`clone_candidates.content_sha256`,
        last_seen_at: visit.status === 'offline' ? sql`clone_candidates.last_seen_at` : sql`excluded.last_seen_at`,
        last_checked_at: sql`excluded.last_checked_at`,
      }),
    )
    .returning(['id', 'finding_id'])
    .executeTakeFirstOrThrow();
  if (again) return { candidateId: candidate.id, inserted: !existing, newFinding: false };
  const capture = await db
    .insertInto('clone_captures')
    .values({
      company_id: run.companyId,
      candidate_id: candidate.id,
      status: visit.status satisfies CaptureStatus,
      http_status: live?.capture.status ?? null,
      final_url: live?.capture.finalUrl ?? null,
      title: live?.capture.title ?? null,
      content_sha256: live?.contentSha256 ?? null,
      similarity: live?.similarity ?? null,
      screenshot: live?.capture.screenshot ?? null,
      error: visit.status === 'failed' ? visit.error.slice(0, 1000) : null,
      captured_at: run.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const severity = live ? cloneSeverity(live.similarity, live.fingerprints) : null;
  let findingId = candidate.finding_id;
  let newFinding = false;
  if (live && severity !== null && live.similarity !== null) {
    // The system's findings (not an import's): each gets its event and the alerts evaluate them.
    const [finding] = await upsertFindings(db, { ...run, module: 'scripts', jobId: null }, [
      {
        fingerprint: cloneFingerprint(seen.domain),
        title: cloneTitle(seen.domain, live.similarity, seen.storeName),
        severity,
        seenAt: run.now,
      },
    ]);
    findingId = finding?.id ?? findingId;
    newFinding = finding?.inserted === true || finding?.reopened === true;
  }
  await db
    .updateTable('clone_candidates')
    .set({ last_capture_id: capture.id, finding_id: findingId })
    .where('id', '=', candidate.id)
    .execute();
  return { candidateId: candidate.id, inserted: !existing, newFinding };
}
