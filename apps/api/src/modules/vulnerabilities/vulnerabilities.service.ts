import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { coreCells, coreHeader } from '../../platform/findings/findings.export.js';
import { toFindingCore } from '../../platform/findings/findings.mapper.js';
import { iso } from '../../platform/findings/findings.query.js';
import { openStatuses } from '../../platform/findings/findings.table.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope, tenantFilter } from '../../shared/tenant.js';
import type { NucleiEvidence } from './nuclei.parser.js';
import {
  findVulnerability,
  listVulnerabilityRows,
  type VulnerabilityListInput,
  vulnerabilityBatchAfter,
} from './vulnerabilities.repository.js';
import { type SlaDays, slaOf } from './vulnerabilities.sla.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

type VulnerabilityRow = Awaited<ReturnType<typeof listVulnerabilityRows>>['rows'][number];

function toVulnerability(r: VulnerabilityRow) {
  return {
    ...toFindingCore(r),
    template_id: r.template_id ?? '',
    name: r.name ?? r.title,
    host: r.host ?? '',
    matched_at: r.matched_at ?? '',
    cve_id: r.cve_id,
    cvss_score: r.cvss_score === null ? null : Number(r.cvss_score),
    epss: r.epss,
    epss_percentile: r.epss_percentile,
    kev: r.kev_date_added !== null,
    kev_due_date: r.kev_due_date,
    overdue: r.overdue,
  };
}

export async function listVulnerabilities({ ctx, auth, input }: Verb<VulnerabilityListInput>) {
  const { rows, meta } = await listVulnerabilityRows(ctx.db, requireScope(auth.scope), input, ctx.clock.now());
  return { data: rows.map(toVulnerability), meta };
}

/** One vulnerability and what the scanner saw (the drawer's evidence); 404 outside the company. */
export async function getVulnerability({ ctx, auth, input }: Verb<{ id: number }>) {
  const row = await findVulnerability(ctx.db, requireScope(auth.scope), input.id, ctx.clock.now());
  if (!row) throw new ServiceError('not_found', 'Vulnerability not found.');
  const evidence = storedEvidence(row.evidence);
  return {
    data: {
      ...toVulnerability(row),
      scanned_at: iso(row.scanned_at),
      evidence: {
        ...evidence,
        cve_ids: evidence.cve_ids.length > 0 ? evidence.cve_ids : row.cve_id ? [row.cve_id] : [],
      },
    },
  };
}

const nullable = z.string().nullable().catch(null);
/** The evidence as the writer stored it (JSON text); every part missing or malformed is empty. */
const evidenceSchema = z.object({
  cve_ids: z.array(z.string()).catch([]),
  matcher_name: nullable,
  extractor_name: nullable,
  extracted_results: z.array(z.string()).catch([]),
  scanner_type: nullable,
  ip: nullable,
  request: nullable,
  response: nullable,
}) satisfies z.ZodType<NucleiEvidence>;

/** Rows imported before the evidence was kept have none. */
function storedEvidence(json: string | null): NucleiEvidence {
  let parsed: unknown = null;
  try {
    parsed = json === null ? null : JSON.parse(json);
  } catch {
    // Not ours to fail on: the drawer shows what there is.
  }
  const checked = evidenceSchema.safeParse(parsed ?? {});
  return checked.success ? checked.data : evidenceSchema.parse({});
}

export function exportVulnerabilities({ ctx, auth, input }: Verb<VulnerabilityListInput>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  return csvStream(
    [
      ...coreHeader,
      'template_id',
      'name',
      'host',
      'matched_at',
      'cve_id',
      'cvss_score',
      'epss',
      'kev_date_added',
      'overdue',
    ],
    (after) => vulnerabilityBatchAfter(ctx.db, scope, input, now, after),
    (r) => [
      ...coreCells(r),
      r.template_id,
      r.name,
      r.host,
      r.matched_at,
      r.cve_id,
      r.cvss_score,
      r.epss,
      r.kev_date_added,
      r.overdue,
    ],
  );
}

export async function getSlaPolicy({ ctx, auth }: Verb<undefined>) {
  return { data: await slaOf(ctx.db, requireScope(auth.scope).companyId) };
}

/** Saves the policy and moves the due dates of open vulnerability findings with it. */
export async function updateSlaPolicy({ ctx, auth, input }: Verb<SlaDays>) {
  const scope = requireScope(auth.scope);
  const now = ctx.clock.now();
  const values = {
    critical_days: input.critical_days,
    high_days: input.high_days,
    medium_days: input.medium_days,
    low_days: input.low_days,
  };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sla_policies')
      .values({ company_id: scope.companyId, ...values, updated_by: auth.user.id, updated_at: now })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ ...values, updated_by: auth.user.id, updated_at: now }))
      .execute();
    await trx
      .updateTable('findings')
      .set({
        due_at: sql<Date | null>`case severity
          when 'critical' then first_seen_at + make_interval(days => ${values.critical_days}::int)
          when 'high' then first_seen_at + make_interval(days => ${values.high_days}::int)
          when 'medium' then first_seen_at + make_interval(days => ${values.medium_days}::int)
          when 'low' then first_seen_at + make_interval(days => ${values.low_days}::int)
          else null end`,
        updated_at: now,
      })
      .where(tenantFilter('findings', scope))
      .where('module', '=', 'vulnerabilities')
      .where('status', 'in', openStatuses)
      .execute();
  });
  return { data: values };
}
