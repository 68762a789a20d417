// What one monitoring module is, as the platform sees it: the unit a new screen's server side
// registers (src/modules.ts). The platform (imports, jobs, dashboard, timeline, operator status,
// the tenant-isolation test) reads modules through the registry and never imports one.
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/database.js';
import type { RouteDeps, RouteTable } from '../../route-table.js';
import type { TenantScope } from '../../shared/tenant.js';
import type { RegisteredImporter } from '../imports/import.types.js';
import type { JobKind } from '../jobs/job-kind.types.js';
import type { RiskFactorId } from '../risk/risk.factors.js';

/** A figure of the dashboard beyond the open-findings counts every module has (e.g. overdue SLAs). */
export interface ModuleKpi {
  /** Unique within the module; the web app's module definition names and links it. */
  id: string;
  value(input: KpiInput): number | Promise<number>;
}

export interface KpiInput {
  db: Executor;
  scope: TenantScope;
  now: Date;
  /** The module's open findings, which the dashboard has read already (a KPI that is this reads nothing). */
  open: number;
}

/** A reference-data feed the module keeps current (the operator status view lists them). */
export interface FeedFreshness {
  feed: string;
  rows: number;
  cursor: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  last_added: number;
  last_updated: number;
}

/** A list the module serves: the tenant-isolation test walks each one with two companies' data. */
export interface ModuleList {
  /** The list's path under /api, e.g. `/credentials`. */
  path: string;
  /** Its CSV export, when it has one. */
  export?: string;
  /** Its detail, a `{field}` standing for that field of a row (`/cves/{cve_id}`), when rows have one. */
  detail?: string;
}

export interface MonitoringModule {
  /** `findings.module` of its findings, its contract file's `x-module` and its web folder's name. */
  id: string;
  /** The web app's path of its screen (`/credentials`): alerts link findings there (`?open=<id>`). */
  screen?: string;
  /** The query that opens one finding on its screen, when `open=<id>` is not enough (a tab). */
  findingQuery?: (finding: { id: number; fingerprint: string }) => string;
  /**
   * The screen of one finding when it is not `screen` (a supplier's finding on /supplierassets, a
   * storefront clone on /vtexdork: by the fingerprint's kind).
   */
  findingScreen?: (finding: { supplier_id: number | null; fingerprint: string }) => string;
  /** Its import kinds: parser and writer each (platform/imports runs them as jobs). */
  importers: readonly RegisteredImporter[];
  /** Handlers of the operations its contract file declares (list, export, detail, its own). */
  routes(deps: RouteDeps): RouteTable;
  lists: readonly ModuleList[];
  kpis?: readonly ModuleKpi[];
  /** Background work of its own (a feed's sync), by job kind name. */
  jobs?: Readonly<Record<string, JobKind>>;
  feeds?: (db: Executor) => Promise<FeedFreshness[]>;
  /**
   * The technical risk factor each kind of its findings (the fingerprint's prefix) counts in
   * (docs/risk-rating.md); a kind left out does not count in the rating.
   */
  riskFactors?: Readonly<Record<string, RiskFactorId>>;
  /**
   * Demo files in its real import formats for one demo company (or, with `company` null, the
   * platform's reference data), queued through its importers on a development start.
   */
  demo?: (input: DemoInput) => DemoFile[];
  /**
   * Platform reference data the module keeps current on every start, before the job worker and the
   * demo run (Vigil's default JS attack patterns): idempotent, and safe when two processes start at once.
   */
  referenceData?: (db: Kysely<Database>, now: Date) => Promise<unknown>;
  /** What a demo company needs besides files (the CVE watch list), in the loader's transaction. */
  demoSetup?: (db: Executor, companyId: number, company: DemoCompany, anchor: Date) => Promise<void>;
  /** Its groups of the cross-module search (/search and Ctrl/⌘K): leaks, devices, mentions… */
  search?: readonly SearchSource[];
  /**
   * Commands of the operator CLI (`npm run operator -- <name> <args…>`): a platform operator's
   * decisions on the module's data (approving a netblock for probing); each returns what to print.
   */
  operatorCommands?: Readonly<
    Record<string, { usage: string; run: (db: Executor, args: readonly string[], now: Date) => Promise<string> }>
  >;
}

/** One group of the cross-module search: a kind of the module's records that match the typed text. */
export interface SearchSource {
  /** The group's id (`leaks`, `mentions`…), unique across modules; the web names it `<module>.searchKinds.<kind>` (its locales). */
  kind: string;
  /** At most `limit` matches, best first, of the given companies only (and shared reference data). */
  search(input: SearchInput): Promise<SearchHit[]>;
  /**
   * The module's groups show every finding of the module, so the platform's findings group leaves
   * them out (the credentials module's million leaks: ADR 0031, migration 2026-12-02-1100).
   */
  coversFindings?: boolean;
}

export interface SearchInput {
  db: Executor;
  /** The companies whose rows may appear: the user's memberships, decided by the platform. */
  companyIds: readonly number[];
  /** What the user typed: trimmed, 2 to 200 characters. */
  text: string;
  limit: number;
}

/** One match, in plain text: the platform adds highlight ranges (shared/text-match.ts), the web escapes. */
export interface SearchHit {
  /** null for shared reference data (a CVE of the catalogue). */
  company_id: number | null;
  /** The record's id within its kind. */
  id: string;
  title: string;
  /** Plain text around the match (≤ 300 characters), or null. */
  snippet: string | null;
  /** The web path (and query) that opens the record, e.g. `/credentials?open=12`. */
  link: string;
  /** When it was seen or published, ISO 8601, or null. */
  at: string | null;
  severity: string | null;
}

export interface DemoCompany {
  domain: string;
  /** Products the company runs, as [vendor, product] (the CVE watch list). */
  watch: [string, string][];
  /** Its public hosts (scans, stealer-log URLs). */
  hosts: string[];
}

export interface DemoInput {
  anchor: Date;
  /** null: the platform's share (reference data, written once for every company). */
  company: DemoCompany | null;
  /** The company's place among the demo companies (0 for the first; -1 for the platform). */
  index: number;
  seed: number;
}

/** One demo file: a real format, imported by the same job as an upload would be. */
export interface DemoFile {
  kind: string;
  fileName: string;
  content: Buffer;
  /** Options of the job (seen_at back-dates formats without dates). */
  options: Record<string, string>;
}
