// What a production node must be told rather than make up. Several processes (VIGIL_ROLE=api or
// worker) serve one deployment: each would otherwise generate its own cookie secret under its own
// DATA_DIR (a session signed by one node refused by the next), build e-mail and sign-in links from
// its own 127.0.0.1 address, and PGlite is one process's database. So such a start refuses, naming
// every missing setting, instead of starting half right.
import type { AppConfig } from './env.js';

type ProductionSettings = Pick<AppConfig, 'nodeEnv' | 'role' | 'cookieSecret' | 'publicUrl' | 'databaseUrl'>;

const WHY: Record<string, string> = {
  COOKIE_SECRET: 'every node must sign and read the same session cookies',
  PUBLIC_URL: 'e-mailed links and the Microsoft sign-in redirect must name the address users reach',
  DATABASE_URL: 'the nodes share one PostgreSQL (PGlite is one process)',
};

/** Why this start is refused (a sentence for the console), or undefined when it may start. */
export function productionSettingsRefusal(config: ProductionSettings): string | undefined {
  if (config.nodeEnv !== 'production' || config.role === 'all') return undefined;
  const missing = [
    ...(config.cookieSecret ? [] : ['COOKIE_SECRET']),
    ...(config.publicUrl ? [] : ['PUBLIC_URL']),
    ...(config.databaseUrl ? [] : ['DATABASE_URL']),
  ];
  if (missing.length === 0) return undefined;
  return [
    `Vigil was not started: a production node with VIGIL_ROLE=${config.role} needs ${missing.join(', ')}.`,
    ...missing.map((name) => `  ${name}: ${WHY[name]}.`),
    'See docs/operations.md (required settings).',
  ].join('\n');
}
