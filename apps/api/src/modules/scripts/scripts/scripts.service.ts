// The Script Manager's verbs: the inventory (list, CSV export), one script with its facts, and its
// authorisation (authorise with a justification by hash or by host, deny, or back to pending).
import type { AppContext } from '../../../app-context.js';
import type { Executor } from '../../../db/database.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { csvStream } from '../../../platform/findings/findings.csv.js';
import { iso } from '../../../platform/findings/findings.query.js';
import { ServiceError, validationError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import {
  contentExcerpt,
  destinationsOf,
  findScript,
  historyOf,
  listScriptRows,
  ruleHitsOf,
  type ScriptFilters,
  type ScriptFindingRow,
  type ScriptListInput,
  type ScriptRow,
  scriptBatchAfter,
  scriptFindingsOf,
} from './scripts.repository.js';
import type { Authorisation } from './scripts.table.js';

export interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const EXCERPT_CHARS = 4096;

/** A JSON text column as an object (`{}` when it is not one). */
export function objectOf(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const BEHAVIOURS = ['reads_card_fields', 'reads_personal_fields', 'sends_data', 'loads_scripts'] as const;
const behavioursOf = (values: string[]) => BEHAVIOURS.filter((b) => values.includes(b));

function toScript(r: ScriptRow) {
  const authorised = r.authorisation === 'authorised';
  return {
    id: r.id,
    page: { id: r.page_id, url: r.page_url, page_type: r.page_type, store_id: r.store_id, store_name: r.store_name },
    key: r.script_key,
    kind: r.kind,
    url: r.url,
    host: r.host,
    party: r.party,
    loaded_by: r.loaded_by,
    sha256: r.sha256,
    sri: r.sri,
    size: r.size,
    behaviours: behavioursOf(r.behaviours),
    authorisation: r.authorisation,
    authorised_by: authorised ? (r.authorised_by_hash ? ('hash' as const) : ('host' as const)) : null,
    authorised_sha256: r.authorised_sha256,
    authorised_host: r.authorised_host,
    changed: Boolean(r.changed),
    justification: r.justification,
    approver: r.approved_by === null ? null : { id: r.approved_by, name: r.approver_name ?? '' },
    approved_at: iso(r.approved_at),
    first_seen_at: r.first_seen_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    removed_at: iso(r.removed_at),
    open_findings: r.open_findings,
    is_demo: r.is_demo,
  };
}

export function toFindingRef(f: Omit<ScriptFindingRow, 'evidence'>) {
  return {
    id: f.id,
    kind: f.kind,
    title: f.title,
    severity: f.severity,
    status: f.status,
    scan_id: f.scan_id,
    first_seen_at: f.first_seen_at.toISOString(),
    last_seen_at: f.last_seen_at.toISOString(),
  };
}

export async function listScripts({ ctx, auth, input }: Verb<ScriptListInput>) {
  const { rows, meta } = await listScriptRows(ctx.db, requireScope(auth.scope), input);
  return { data: rows.map(toScript), meta };
}

export function exportScripts({ ctx, auth, input }: Verb<ScriptFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      'id',
      'store',
      'page',
      'script',
      'kind',
      'party',
      'loaded_by',
      'sha256',
      'sri',
      'behaviours',
      'authorisation',
      'authorised_by',
      'authorised_sha256',
      'authorised_host',
      'justification',
      'approver',
      'approved_at',
      'first_seen_at',
      'last_seen_at',
      'removed_at',
      'open_findings',
    ],
    (after) => scriptBatchAfter(ctx.db, scope, input, after),
    (r) => {
      const s = toScript(r);
      return [
        s.id,
        s.page.store_name,
        s.page.url,
        s.key,
        s.kind,
        s.party,
        s.loaded_by,
        s.sha256,
        s.sri,
        s.behaviours,
        s.authorisation,
        s.authorised_by,
        s.authorised_sha256,
        s.authorised_host,
        s.justification,
        s.approver?.name,
        s.approved_at,
        s.first_seen_at,
        s.last_seen_at,
        s.removed_at,
        s.open_findings,
      ];
    },
  );
}

async function scriptOf(db: Executor, scope: TenantScope, id: number) {
  const row = await findScript(db, scope, id);
  if (!row) throw new ServiceError('not_found', 'Script not found.');
  return row;
}

export async function getScript({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await scriptOf(ctx.db, scope, input.id);
  const [content, history, destinations, ruleHits, findings] = await Promise.all([
    contentExcerpt(ctx.db, scope, row.sha256, EXCERPT_CHARS),
    historyOf(ctx.db, scope, row.id),
    destinationsOf(ctx.db, scope, row.id),
    ruleHitsOf(ctx.db, scope, row.id),
    scriptFindingsOf(ctx.db, scope, row.id),
  ]);
  return {
    data: {
      ...toScript(row),
      content_excerpt: content?.excerpt ?? null,
      content_truncated: content?.truncated ?? false,
      history: history.map(({ actor_user_id, actor_name, at, ...h }) => ({
        ...h,
        actor: actor_user_id === null ? null : { id: actor_user_id, name: actor_name ?? '' },
        at: at.toISOString(),
      })),
      destinations: destinations.map((d) => ({
        ...d,
        first_seen_at: d.first_seen_at.toISOString(),
        last_seen_at: d.last_seen_at.toISOString(),
      })),
      rule_hits: ruleHits.map(({ evidence, at, ...h }) => {
        const e = objectOf(evidence);
        return {
          ...h,
          excerpt: typeof e.excerpt === 'string' ? e.excerpt : '',
          matched: Array.isArray(e.matched) ? e.matched.map(String) : [],
          at: at.toISOString(),
        };
      }),
      blacklist_hits: findings
        .filter((f) => f.kind === 'blacklist_hit')
        .map((f) => {
          const e = objectOf(f.evidence);
          const kind: 'url' | 'host' | 'sha256' = e.kind === 'url' ? 'url' : e.kind === 'sha256' ? 'sha256' : 'host';
          return {
            entry_id: Number(e.entry_id ?? 0),
            kind,
            value: String(e.value ?? ''),
            family: typeof e.family === 'string' ? e.family : null,
            source: String(e.source ?? ''),
            target: String(e.target || row.url || row.sha256),
            finding_id: f.id,
            at: f.last_seen_at.toISOString(),
          };
        }),
      findings: findings.map(toFindingRef),
    },
  };
}

export interface AuthorisationInput {
  id: number;
  decision: Authorisation;
  justification?: string | null | undefined;
  by?: 'hash' | 'host' | undefined;
}

/** The columns a decision sets: who and when for any; what it holds for when authorised. */
function decisionOf(row: ScriptRow, input: AuthorisationInput, userId: number, now: Date) {
  const justification = input.justification?.trim() || null;
  if (input.decision === 'pending') {
    return {
      authorisation: 'pending' as const,
      authorised_by_hash: true,
      authorised_sha256: null,
      authorised_host: null,
      justification: null,
      approved_by: null,
      approved_at: null,
    };
  }
  const byHost = input.decision === 'authorised' && input.by === 'host';
  return {
    authorisation: input.decision,
    authorised_by_hash: !byHost,
    authorised_sha256: input.decision === 'authorised' ? row.sha256 : null,
    authorised_host: byHost ? row.host : null,
    justification,
    approved_by: userId,
    approved_at: now,
  };
}

function checkDecision(row: ScriptRow, input: AuthorisationInput) {
  if (input.decision !== 'authorised') return;
  if (!input.justification?.trim()) {
    throw validationError({ justification: ['A written justification is required to authorise a script.'] });
  }
  if (input.by === 'host' && (row.kind !== 'external' || row.host === null)) {
    throw validationError({ by: ['An inline script can only be authorised by its hash.'] });
  }
}

export async function setScriptAuthorisation({ ctx, auth, input }: Verb<AuthorisationInput>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await scriptOf(trx, scope, input.id);
    checkDecision(row, input);
    const set = decisionOf(row, input, auth.user.id, now);
    await trx
      .updateTable('page_scripts as ps')
      .set(set)
      .where(tenantFilter('ps', scope))
      .where('ps.id', '=', row.id)
      .execute();
    await trx
      .insertInto('script_changes')
      .values({
        company_id: scope.companyId,
        page_id: row.page_id,
        page_script_id: row.id,
        scan_id: null,
        change: input.decision,
        field: input.decision === 'authorised' ? (set.authorised_by_hash ? 'hash' : 'host') : 'authorisation',
        from_value: row.authorisation,
        to_value: set.justification,
        actor_user_id: auth.user.id,
        at: now,
      })
      .execute();
  });
  return { data: toScript(await scriptOf(ctx.db, scope, input.id)) };
}
