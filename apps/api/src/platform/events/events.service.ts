import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { requireScope } from '../../shared/tenant.js';
import { type EventFilters, listEventRows } from './events.repository.js';

export async function listEvents({ ctx, auth, input }: { ctx: AppContext; auth: AuthContext; input: EventFilters }) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listEventRows(ctx.db, scope, input);
  return {
    data: rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      module: e.module,
      severity: e.severity,
      title: e.title,
      finding_id: e.finding_id,
      import_id: e.job_id,
      actor: e.actor_user_id !== null && e.actor_name !== null ? { id: e.actor_user_id, name: e.actor_name } : null,
      details: e.details ? (JSON.parse(e.details) as Record<string, unknown>) : {},
      at: e.at.toISOString(),
    })),
    meta,
  };
}
