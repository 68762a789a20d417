// Where a finding opens in the web app, for every place that links to one: alerts' e-mails and
// webhooks, the risk rating's fixes, the insights, the search and the advisor's records.
import type { MonitoringModule } from './monitoring-module.js';

/**
 * Where a finding opens in the web app: its module's screen, or the one the module names for it (a
 * supplier's asset, a storefront clone), with `?open=<id>` or the module's query.
 */
export function findingPath(
  modules: readonly MonitoringModule[],
  module: string,
  finding: { id: number; fingerprint: string; supplier_id?: number | null },
): string {
  const m = modules.find((candidate) => candidate.id === module);
  const screen = m?.findingScreen?.({ supplier_id: finding.supplier_id ?? null, fingerprint: finding.fingerprint });
  return `${screen ?? m?.screen ?? '/dashboard'}?${m?.findingQuery?.(finding) ?? `open=${finding.id}`}`;
}
