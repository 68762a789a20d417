// /risk/*: the rating of the session's company (or of one of its suppliers), its trend and the top
// fixes. Reads only; the supplier is checked to be the company's before anything is read.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { authOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { requireScope } from '../../shared/tenant.js';
import { fixesOf, type RatingTarget, ratingOf, requireSupplier } from './risk.service.js';
import { trendOf } from './risk.snapshots.js';

async function targetOf(ctx: AppContext, auth: AuthContext, supplierId: number | undefined): Promise<RatingTarget> {
  const scope = requireScope(auth.scope);
  return { companyId: scope.companyId, supplierId: await requireSupplier(ctx.db, scope.companyId, supplierId) };
}

export function riskRoutes({ ctx }: RouteDeps): RouteTable {
  const modules = () => ctx.modules.modules;
  return {
    getRiskRating: {
      handler: async (request) => {
        const input = queryOf('getRiskRating', request);
        const target = await targetOf(ctx, authOf(request), input.supplier_id);
        const now = ctx.clock.now();
        const rating = await ratingOf(ctx.db, target, now, modules());
        return { supplier_id: target.supplierId, ...rating, computed_at: now.toISOString() };
      },
    },
    getRiskTrend: {
      handler: async (request) => {
        const input = queryOf('getRiskTrend', request);
        const target = await targetOf(ctx, authOf(request), input.supplier_id);
        return { data: await trendOf(ctx.db, target, input.days ?? 90, ctx.clock.now()) };
      },
    },
    listRiskFixes: {
      handler: async (request) => {
        const input = queryOf('listRiskFixes', request);
        const target = await targetOf(ctx, authOf(request), input.supplier_id);
        const fixes = await fixesOf(ctx.db, target, ctx.clock.now(), modules(), input.limit ?? 10);
        return { data: fixes.map(({ gainAll, ...fix }) => ({ ...fix, gain_all: gainAll })) };
      },
    },
  };
}
