import { sql } from 'kysely';
import type { AppContext } from '../../app-context.js';
import { requireScope } from '../../shared/tenant.js';
import { csvStream } from '../findings/findings.csv.js';
import { coreCells, coreHeader } from '../findings/findings.export.js';
import { toFindingCore } from '../findings/findings.mapper.js';
import { openStatuses } from '../findings/findings.table.js';
import type { AuthContext } from '../session/session.service.js';
import {
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

export async function listVulnerabilities({ ctx, auth, input }: Verb<VulnerabilityListInput>) {
  const { rows, meta } = await listVulnerabilityRows(ctx.db, requireScope(auth.scope), input, ctx.clock.now());
  return {
    data: rows.map((r) => ({
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
    })),
    meta,
  };
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
      .where('company_id', '=', scope.companyId)
      .where('module', '=', 'vulnerabilities')
      .where('status', 'in', openStatuses)
      .execute();
  });
  return { data: values };
}
