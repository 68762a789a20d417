// The only module that reads the environment: parsed once with zod into a typed, frozen config.
import { existsSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type AdvisorConfig, advisorConfigOf } from './advisor.config.js';
import { type ProvidersConfig, providersConfigOf } from './providers.config.js';

/** The repository root (apps/api/src/config → ../../../..; the same from dist/config). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** A development or test start on a HOST other than loopback: refused unless 1 (config/dev-host.ts). */
  VIGIL_DEV_ALLOW_REMOTE: z.enum(['0', '1']).default('0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  PUBLIC_URL: optionalText,
  COOKIE_SECRET: optionalText,
  WEB_DIST: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  MICROSOFT_TENANT_ID: optionalText,
  MICROSOFT_CLIENT_ID: optionalText,
  MICROSOFT_CLIENT_SECRET: optionalText,
  MICROSOFT_AUTHORITY: optionalText,
  LOCAL_OIDC_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The scheduled sync of the CVE feeds: on by default in production only (tests never go online). */
  CATALOGUE_SYNC: z.enum(['on', 'off']).optional(),
  NVD_API_URL: z.url().default('https://services.nvd.nist.gov/rest/json/cves/2.0'),
  NVD_API_KEY: optionalText,
  KEV_URL: z.url().default('https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'),
  EPSS_URL: z.url().default('https://epss.empiricalsecurity.com/epss_scores-current.csv.gz'),
  /** Webhooks to private, loopback and link-local addresses: refused by default in production only. */
  WEBHOOK_PRIVATE_TARGETS: z.enum(['allow', 'deny']).optional(),
  /** The attack-surface probes' resolver, `host:port` (default: the system's). */
  PROBE_RESOLVER: optionalText,
  /** TCP ports the services probe tries, as `port:label` (the label names the service). */
  PROBE_PORTS: z
    .string()
    .default(
      '21:ftp,22:ssh,23:telnet,25:smtp,445:smb,1433:mssql,3306:mysql,3389:rdp,5432:postgresql,5900:vnc,6379:redis,9200:elasticsearch,11211:memcached,27017:mongodb',
    ),
  PROBE_HTTPS_PORTS: z.string().default('443'),
  PROBE_HTTP_PORTS: z.string().default('80'),
  /** Probing private, loopback and link-local addresses: denied unless allowed (tests and the demo allow it per run). */
  PROBE_PRIVATE_TARGETS: z.enum(['allow', 'deny']).default('deny'),
  PROBE_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** New connections per second, at most, across one run. */
  PROBE_RATE: z.coerce.number().int().min(1).max(10_000).default(20),
  PROBE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PROBE_DKIM_SELECTORS: z.string().default('default,google,selector1,selector2,k1'),
  /** The scheduled probe runs: on by default in production only; each inventory every PROBE_INTERVAL_HOURS. */
  PROBE_SCHEDULE: z.enum(['on', 'off']).optional(),
  /** The weekly dork runs of every company (issue 18): opt-in, off unless set to on. */
  DORK_SCHEDULE: z.enum(['on', 'off']).default('off'),
  PROBE_INTERVAL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** The client-side script scanner's Chromium (Debian's package by default). */
  SCAN_CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
  /** Pages scanned at once by one process (each in its own browser context). */
  SCAN_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  SCAN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  /** Scanning pages on (or loading anything from) private, loopback and link-local addresses: denied unless allowed. */
  SCAN_PRIVATE_TARGETS: z.enum(['allow', 'deny']).default('deny'),
  /** The scheduled page scans: on by default in production only. */
  SCAN_SCHEDULE: z.enum(['on', 'off']).optional(),
  /** The exposure searches' providers (config/providers.config.ts): each configured only when all its settings are set. */
  SEARCH_API_URL: optionalText,
  SEARCH_API_KEY: optionalText,
  SEARCH_ENGINE_ID: optionalText,
  SEARCH_API_DAILY_QUOTA: z.coerce.number().int().min(1).max(1_000_000).default(100),
  GITHUB_API_URL: optionalText,
  GITHUB_TOKEN: optionalText,
  GITHUB_SEARCH_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(10),
  WAYBACK_URL: optionalText,
  COMMONCRAWL_URL: optionalText,
  COMMONCRAWL_INDEX: optionalText,
  OTX_URL: optionalText,
  OTX_API_KEY: optionalText,
  URLSCAN_URL: optionalText,
  URLSCAN_API_KEY: optionalText,
  ARCHIVE_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  RDAP_URL: optionalText,
  RDAP_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** The advisor's model (config/advisor.config.ts): an OpenAI-compatible endpoint, else the intent engine. */
  ADVISOR_BASE_URL: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  ADVISOR_MODEL: optionalText,
  ADVISOR_API_KEY: optionalText,
  ADVISOR_MAX_TOOL_CALLS: z.coerce.number().int().min(1).max(50).default(8),
  ADVISOR_MAX_TOKENS: z.coerce.number().int().min(100).max(1_000_000).default(4000),
  ADVISOR_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(60),
  ADVISOR_PRICE_IN: z.coerce.number().min(0).max(10_000).optional(),
  ADVISOR_PRICE_OUT: z.coerce.number().min(0).max(10_000).optional(),
  /** all: HTTP and the job worker (one process); api: HTTP only; worker: the job worker only. */
  VIGIL_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /**
   * The reverse proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs, e.g.
   * the compose network's 172.16.0.0/12); unset: loopback when PUBLIC_URL is https, else none.
   */
  TRUST_PROXY: optionalText,
  /** The bearer token a Prometheus scraper presents at /metrics; unset: answered to this machine only. */
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** SIGTERM: how long open requests and running jobs get to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  /** Comma-separated e-mails of platform operators, granted at each start. */
  VIGIL_OPERATORS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((emails) => emails.every((email) => /^[^@\s]+@[^@\s]+$/.test(email)), 'not a list of e-mail addresses'),
});

export type Env = z.infer<typeof envSchema>;

export interface MicrosoftSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  /** A development start may listen beyond loopback (VIGIL_DEV_ALLOW_REMOTE=1; config/dev-host.ts). */
  devAllowRemote: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  cookieSecret: string | undefined;
  webDist: string;
  logLevel: string;
  /** Microsoft identity platform settings, or undefined: the start command then runs a local provider. */
  microsoft: MicrosoftSettings | undefined;
  localOidcPort: number;
  /** The CVE feeds: where they are, the NVD API key, and whether their schedules run. */
  feeds: { sync: boolean; nvdUrl: string; nvdApiKey: string | undefined; kevUrl: string; epssUrl: string };
  /** What this process runs: HTTP and jobs, HTTP only, or jobs only (VIGIL_ROLE). */
  role: 'all' | 'api' | 'worker';
  /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY), or undefined for the default. */
  trustProxy: string[] | undefined;
  /** The bearer token of /metrics (METRICS_TOKEN); undefined: answered to loopback only. */
  metricsToken: string | undefined;
  /** How long a SIGTERM waits for open requests and running jobs (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Users made platform operators at each start (VIGIL_OPERATORS). */
  operators: string[];
  /** Whether a webhook may target a private, loopback or link-local address (WEBHOOK_PRIVATE_TARGETS). */
  webhookPrivateTargets: boolean;
  /** The attack-surface probes (PROBE_*). */
  probes: ProbeConfig;
  /** Whether the weekly dork runs are queued (DORK_SCHEDULE). */
  dorkSchedule: boolean;
  /** The client-side script scanner (SCAN_*). */
  scan: ScanConfig;
  /** The exposure searches' external providers (SEARCH_*, GITHUB_*, WAYBACK_URL, …). */
  providers: ProvidersConfig;
  /** The cyber advisor's model and limits (ADVISOR_*). */
  advisor: AdvisorConfig;
}

export interface ScanConfig {
  chromiumPath: string;
  concurrency: number;
  timeoutMs: number;
  privateTargets: boolean;
  scheduled: boolean;
  /**
   * Set by the platform only (the development start, the tests, the benchmark): host names (or
   * `*.<suffix>` wildcards) the scanner's browser reaches at this address instead of resolving them.
   */
  hostMap: Readonly<Record<string, string>>;
  /** Set by the platform only (tests, benchmark): reach the mapped hosts and nothing else. */
  mappedOnly: boolean;
}

export interface ProbeConfig {
  resolver: string | undefined;
  ports: string[];
  httpsPorts: number[];
  httpPorts: number[];
  privateTargets: boolean;
  concurrency: number;
  ratePerSecond: number;
  timeoutMs: number;
  dkimSelectors: string[];
  scheduled: boolean;
  intervalHours: number;
  /** Set by the development start only (the demo targets): an extra trusted authority, loopback only. */
  ca: string | undefined;
  loopbackOnly: boolean;
  /** Set by the development start only: each demo host's ports on 127.0.0.1 (probes/connect-to.ts). */
  connectTo: Readonly<Record<string, string | null>>;
}

const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const portsOf = (value: string) =>
  listOf(value)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0 && n < 65536);

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : join(repoRoot, path);
}

/** Parses an environment (default: the process's) into the app's config. Throws with every problem listed. */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const env = parsed.data;
  const tenant = env.MICROSOFT_TENANT_ID;
  const clientId = env.MICROSOFT_CLIENT_ID;
  const clientSecret = env.MICROSOFT_CLIENT_SECRET;
  const authority = (env.MICROSOFT_AUTHORITY ?? 'https://login.microsoftonline.com').replace(/\/+$/, '');
  const microsoft =
    tenant && clientId && clientSecret ? { issuer: `${authority}/${tenant}/v2.0`, clientId, clientSecret } : undefined;
  return Object.freeze({
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    devAllowRemote: env.VIGIL_DEV_ALLOW_REMOTE === '1',
    port: env.PORT,
    dataDir: fromRoot(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? 'Vigil <no-reply@vigil.example>',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ''),
    cookieSecret: env.COOKIE_SECRET,
    webDist: fromRoot(env.WEB_DIST ?? 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    microsoft,
    localOidcPort: env.LOCAL_OIDC_PORT,
    operators: env.VIGIL_OPERATORS,
    role: env.VIGIL_ROLE,
    trustProxy: env.TRUST_PROXY ? listOf(env.TRUST_PROXY) : undefined,
    metricsToken: env.METRICS_TOKEN,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    webhookPrivateTargets:
      (env.WEBHOOK_PRIVATE_TARGETS ?? (env.NODE_ENV === 'production' ? 'deny' : 'allow')) === 'allow',
    dorkSchedule: env.DORK_SCHEDULE === 'on',
    probes: {
      resolver: env.PROBE_RESOLVER,
      ports: listOf(env.PROBE_PORTS),
      httpsPorts: portsOf(env.PROBE_HTTPS_PORTS),
      httpPorts: portsOf(env.PROBE_HTTP_PORTS),
      privateTargets: env.PROBE_PRIVATE_TARGETS === 'allow',
      concurrency: env.PROBE_CONCURRENCY,
      ratePerSecond: env.PROBE_RATE,
      timeoutMs: env.PROBE_TIMEOUT_MS,
      dkimSelectors: listOf(env.PROBE_DKIM_SELECTORS),
      scheduled: (env.PROBE_SCHEDULE ?? (env.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
      intervalHours: env.PROBE_INTERVAL_HOURS,
      ca: undefined,
      loopbackOnly: false,
      connectTo: {},
    },
    scan: {
      chromiumPath: env.SCAN_CHROMIUM_PATH,
      concurrency: env.SCAN_CONCURRENCY,
      timeoutMs: env.SCAN_TIMEOUT_MS,
      privateTargets: env.SCAN_PRIVATE_TARGETS === 'allow',
      scheduled: (env.SCAN_SCHEDULE ?? (env.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
      hostMap: {},
      mappedOnly: false,
    },
    providers: providersConfigOf(env),
    advisor: advisorConfigOf(env),
    feeds: {
      sync: (env.CATALOGUE_SYNC ?? (env.NODE_ENV === 'production' ? 'on' : 'off')) === 'on',
      nvdUrl: env.NVD_API_URL,
      nvdApiKey: env.NVD_API_KEY,
      kevUrl: env.KEV_URL,
      epssUrl: env.EPSS_URL,
    },
  });
}

export function webDistExists(config: AppConfig): boolean {
  return existsSync(join(config.webDist, 'index.html'));
}

/** Test-only settings read by the vitest setup (kept here so the environment has one reader). */
export function testDatabaseUrl(): string | undefined {
  const value = process.env.TEST_DATABASE_URL?.trim();
  return value === '' ? undefined : value;
}

/** The directories of PATH (the test setup looks for initdb/pg_ctl there). */
export function pathDirectories(): string[] {
  return (process.env.PATH ?? '').split(delimiter).filter(Boolean);
}

/** The environment a child process (pg_dump, pg_restore) inherits, with `extra` added (a password never on its command line). */
export function childEnvironment(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
