// The E-commerce view: every store's and page's PCI DSS 6.4.3 and 11.6.1 status with totals, and
// the script findings first seen per day by kind (the detections chart).
import { sql } from 'kysely';
import { ServiceError } from '../../../shared/service-error.js';
import { requireScope, tenantFilter } from '../../../shared/tenant.js';
import { type ScriptFindingKind, scriptFindingKinds } from '../scripts/scripts.table.js';
import type { ComplianceStatus } from './compliance.js';
import { findStores } from './stores.repository.js';
import { type StoreView, storeViews, type Verb } from './stores.service.js';

interface EcommerceInput {
  store_id?: number | undefined;
  is_demo?: boolean | undefined;
}

function totals(stores: StoreView[], pick: 'pci_6_4_3' | 'pci_11_6_1') {
  const count: Record<ComplianceStatus, number> = { pass: 0, fail: 0, unknown: 0 };
  for (const page of stores.flatMap((s) => s.pages)) if (page.enabled) count[page[pick].status] += 1;
  return count;
}

export async function ecommerceCompliance({ ctx, auth, input }: Verb<EcommerceInput>) {
  const stores = await storeViews(ctx, requireScope(auth.scope), { storeId: input.store_id, isDemo: input.is_demo });
  return {
    data: {
      stores,
      pci_6_4_3: totals(stores, 'pci_6_4_3'),
      pci_11_6_1: totals(stores, 'pci_11_6_1'),
      generated_at: ctx.clock.now().toISOString(),
    },
  };
}

const DAY_MS = 86_400_000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

type DetectionDay = { day: string; total: number } & Record<ScriptFindingKind, number>;

export async function ecommerceDetections({ ctx, auth, input }: Verb<EcommerceInput & { days?: number | undefined }>) {
  const scope = requireScope(auth.scope);
  const days = input.days ?? 30;
  if (input.store_id !== undefined && (await findStores(ctx.db, scope, { storeId: input.store_id })).length === 0) {
    throw new ServiceError('not_found', 'Store not found.');
  }
  const today = new Date(`${dayOf(ctx.clock.now())}T00:00:00.000Z`);
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);
  const rows = await ctx.db
    .selectFrom('script_findings as sf')
    .innerJoin('findings as f', 'f.id', 'sf.finding_id')
    .innerJoin('store_pages as p', 'p.id', 'sf.page_id')
    .select((eb) => [
      sql<string>`to_char(f.first_seen_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      'sf.kind',
      eb.fn.countAll<string>().as('n'),
    ])
    .where(tenantFilter('sf', scope))
    .where('f.first_seen_at', '>=', from)
    .$if(input.store_id !== undefined, (q) => q.where('p.store_id', '=', input.store_id ?? 0))
    .$if(input.is_demo !== undefined, (q) => q.where('f.is_demo', '=', input.is_demo ?? false))
    .groupBy(['day', 'sf.kind'])
    .execute();
  const series: DetectionDay[] = Array.from({ length: days }, (_, i) => ({
    day: dayOf(new Date(from.getTime() + i * DAY_MS)),
    total: 0,
    ...(Object.fromEntries(scriptFindingKinds.map((kind) => [kind, 0])) as Record<ScriptFindingKind, number>),
  }));
  const byDay = new Map(series.map((entry) => [entry.day, entry]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry[row.kind] += Number(row.n);
    entry.total += Number(row.n);
  }
  return { data: { days, series } };
}
