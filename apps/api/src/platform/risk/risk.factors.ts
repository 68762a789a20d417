// The factors of the technical risk rating (docs/risk-rating.md). A module names, per kind of its
// findings (the fingerprint's prefix), the factor it counts in (MonitoringModule.riskFactors); the
// rating reads that map from the registry and imports no module.

export const riskFactorIds = [
  'patching_cadence',
  'application_security',
  'network_tls',
  'dns_email',
  'leaked_credentials',
  'exposed_code',
  'client_scripts',
  'closed_source_mentions',
] as const;
export type RiskFactorId = (typeof riskFactorIds)[number];

/** Each factor's weight in the overall score; they add up to 100. */
export const factorWeights: Readonly<Record<RiskFactorId, number>> = {
  patching_cadence: 20,
  application_security: 15,
  network_tls: 15,
  dns_email: 10,
  leaked_credentials: 15,
  exposed_code: 10,
  client_scripts: 10,
  closed_source_mentions: 5,
};

/** The factor an open finding of one module and kind counts in, if any. */
export type FactorMap = ReadonlyMap<string, RiskFactorId>;

export function factorKey(module: string, kind: string): string {
  return `${module}:${kind}`;
}

/** The registry's modules' `riskFactors`, keyed by `module:kind`. */
export function factorMapOf(
  modules: readonly { id: string; riskFactors?: Readonly<Record<string, RiskFactorId>> }[],
): FactorMap {
  return new Map(
    modules.flatMap((m) =>
      Object.entries(m.riskFactors ?? {}).map(([kind, factor]) => [factorKey(m.id, kind), factor]),
    ),
  );
}
