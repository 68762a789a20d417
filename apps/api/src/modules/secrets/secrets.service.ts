// The /gitdork verbs: incidents (list, CSV export, one with its occurrences; redacted secrets
// only), the rule set (read-only) and the run now. Always within the session's company.
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { csvStream } from '../../platform/findings/findings.csv.js';
import { coreCells, coreHeader } from '../../platform/findings/findings.export.js';
import { toFindingCore } from '../../platform/findings/findings.mapper.js';
import { iso } from '../../platform/findings/findings.query.js';
import { queueProviderRun } from '../../platform/providers/provider-runs.js';
import { getProviders } from '../../platform/providers/providers.js';
import { ServiceError } from '../../shared/service-error.js';
import { requireScope } from '../../shared/tenant.js';
import { vigilRules } from './rules/rule-set.js';
import {
  findIncident,
  type IncidentFilters,
  type IncidentListInput,
  type IncidentRow,
  incidentBatches,
  listIncidentRows,
  occurrencesOf,
} from './secrets.repository.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

function ruleDescription(id: string): string {
  return vigilRules().rules.find((r) => r.id === id)?.description ?? id;
}

function toIncident(row: IncidentRow) {
  return {
    ...toFindingCore(row),
    rule_id: row.rule_id,
    rule_description: ruleDescription(row.rule_id),
    redacted: row.redacted,
    entropy: row.entropy === null ? null : Math.round(row.entropy * 100) / 100,
    validity: row.validity,
    occurrences: row.occurrences,
    repositories: row.repositories,
    latest: row.latest,
  };
}

export async function listSecretIncidents({ ctx, auth, input }: Verb<IncidentListInput>) {
  const scope = requireScope(auth.scope);
  const { rows, meta } = await listIncidentRows(ctx.db, scope, input);
  return { data: rows.map(toIncident), meta };
}

export function exportSecretIncidents({ ctx, auth, input }: Verb<IncidentFilters>) {
  const scope = requireScope(auth.scope);
  return csvStream(
    [
      ...coreHeader,
      'rule_id',
      'redacted_secret',
      'validity',
      'occurrences',
      'repositories',
      'last_repository',
      'last_file',
    ],
    incidentBatches(ctx.db, scope, input),
    (r) => [
      ...coreCells(r),
      r.rule_id,
      r.redacted,
      r.validity,
      r.occurrences,
      r.repositories,
      r.latest?.repository,
      r.latest?.file_path,
    ],
  );
}

export async function getSecretIncident({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const row = await findIncident(ctx.db, scope, input.id);
  if (!row) throw new ServiceError('not_found', 'Secret incident not found.');
  const occurrences = await occurrencesOf(ctx.db, scope, input.id);
  return {
    data: toIncident(row),
    occurrences: occurrences.map((o) => ({
      ...o,
      committed_at: iso(o.committed_at),
      first_seen_at: o.first_seen_at.toISOString(),
      last_seen_at: o.last_seen_at.toISOString(),
    })),
  };
}

export function listSecretRules() {
  return {
    data: vigilRules().rules.map((r) => ({
      id: r.id,
      description: r.description,
      severity: r.severity,
      keywords: r.keywords,
      entropy: r.entropy,
      tags: r.tags.filter((t) => !t.startsWith('severity:')),
    })),
  };
}

export async function startSecretSearch({ ctx, auth }: Verb<unknown>) {
  const scope = requireScope(auth.scope);
  const github = getProviders(ctx)
    .status()
    .find((s) => s.id === 'github');
  if (!github?.configured) {
    const settings = github?.settings.join(', ') || 'GITHUB_API_URL, GITHUB_TOKEN';
    throw new ServiceError('conflict', `Code search is not configured: set ${settings}.`);
  }
  const run = await ctx.db.transaction().execute((trx) =>
    queueProviderRun(trx, {
      companyId: scope.companyId,
      module: 'secrets',
      kind: 'secrets.run',
      provider: 'github',
      createdBy: scope.userId,
      isDemo: false,
      now: ctx.clock.now(),
    }),
  );
  if (!run) throw new ServiceError('conflict', 'A code search is already queued or running.');
  return { data: { run_id: run.id, job_id: run.job_id } };
}
