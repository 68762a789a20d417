// The client-side script tables (migration 2026-11-30-1000): online stores and their monitored pages,
// headless-browser scans, the inventory of each page's scripts with its authorisation (PCI DSS 6.4.3),
// the hosts scripts contact, the JS attack-pattern rules (company_id null: Vigil's default set,
// platform reference data), the company's JS blacklist, and the link of a finding to its page and
// script. JSON columns are text holding JSON.
import type { Generated, Selectable } from 'kysely';

export const storePlatforms = ['vtex', 'shopify', 'magento', 'woocommerce', 'salesforce', 'custom'] as const;
export type StorePlatform = (typeof storePlatforms)[number];
export const pageTypes = ['home', 'product', 'cart', 'checkout', 'payment', 'login', 'other'] as const;
export type PageType = (typeof pageTypes)[number];
export const scriptParties = ['first', 'third', 'fourth'] as const;
export type ScriptParty = (typeof scriptParties)[number];
export const authorisations = ['pending', 'authorised', 'denied'] as const;
export type Authorisation = (typeof authorisations)[number];
export const destinationKinds = ['script', 'fetch', 'xhr', 'websocket', 'beacon', 'image', 'form', 'other'] as const;
export type DestinationKind = (typeof destinationKinds)[number];
export const scriptFindingKinds = [
  'unauthorised_script',
  'hash_changed',
  'new_destination',
  'blacklist_hit',
  'pattern_hit',
  'header_regression',
] as const;
export type ScriptFindingKind = (typeof scriptFindingKinds)[number];
export const scriptChangeKinds = [
  'new',
  'changed',
  'removed',
  'returned',
  'new_destination',
  'header_changed',
  'authorised',
  'denied',
  'pending',
] as const;
export type ScriptChangeKind = (typeof scriptChangeKinds)[number];
export const blacklistKinds = ['host', 'url', 'sha256'] as const;
export type BlacklistKind = (typeof blacklistKinds)[number];
export const ruleSeverities = ['critical', 'high', 'medium', 'low', 'info'] as const;

export interface StoresTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  platform: StorePlatform;
  /** The platform's account name (VTEX `{account}.vtexcommercestable.com.br`). */
  account_name: string | null;
  /** The store's own domains: a script served from one of them (or a subdomain) is first party. */
  domains: Generated<string[]>;
  checkout_url: string | null;
  is_demo: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface StorePagesTable {
  id: Generated<number>;
  company_id: number;
  store_id: number;
  url: string;
  page_type: PageType;
  /** 1..168: PCI DSS 11.6.1 asks for at least weekly. */
  scan_interval_hours: Generated<number>;
  /** JSON array of the steps that walk to this page after loading it (see scanner/scan.types.ts). */
  steps: Generated<string>;
  enabled: Generated<boolean>;
  last_scan_id: number | null;
  last_scanned_at: Date | null;
  next_scan_at: Date | null;
  is_demo: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}

export interface ScriptScansTable {
  id: Generated<number>;
  company_id: number;
  page_id: number;
  job_id: number | null;
  status: 'running' | 'done' | 'failed';
  final_url: string | null;
  http_status: number | null;
  /** JSON: the security headers the browser received with the page (lower-case names). */
  headers: Generated<string>;
  scripts: Generated<number>;
  new_scripts: Generated<number>;
  changed_scripts: Generated<number>;
  removed_scripts: Generated<number>;
  new_destinations: Generated<number>;
  /** JSON array of {header, from, to, regression}. */
  header_changes: Generated<string>;
  findings_opened: Generated<number>;
  duration_ms: number | null;
  error: string | null;
  is_demo: Generated<boolean>;
  started_at: Date;
  finished_at: Date | null;
}

/** One script of one page, as the Script Manager lists it (PCI DSS 6.4.3 inventory). */
export interface PageScriptsTable {
  id: Generated<number>;
  company_id: number;
  page_id: number;
  /** The script's URL without its fragment, or `inline:<sha256>` for an inline script. */
  script_key: string;
  kind: 'external' | 'inline';
  url: string | null;
  host: string | null;
  party: ScriptParty;
  /** The script key of the script that added this one (fourth party), null when the page did. */
  loaded_by: string | null;
  /** The SHA-256 (hex) of the content the latest scan received. */
  sha256: string;
  sri: Generated<boolean>;
  size: Generated<number>;
  /** What it was seen doing: reads_card_fields, reads_personal_fields, sends_data, … */
  behaviours: Generated<string[]>;
  first_seen_at: Date;
  last_seen_at: Date;
  removed_at: Date | null;
  last_scan_id: number | null;
  authorisation: Generated<Authorisation>;
  /** true: the authorisation holds for `authorised_sha256` only; false: any content from `authorised_host`. */
  authorised_by_hash: Generated<boolean>;
  authorised_sha256: string | null;
  authorised_host: string | null;
  justification: string | null;
  approved_by: number | null;
  approved_at: Date | null;
  is_demo: Generated<boolean>;
}

/** A script's content, once per company and hash (rules run over it; evidence shows it). */
export interface ScriptContentsTable {
  company_id: number;
  sha256: string;
  content: string;
  size: number;
  first_seen_at: Date;
}

/** The history of a page's scripts and headers: each scan's diff and each authorisation change. */
export interface ScriptChangesTable {
  id: Generated<number>;
  company_id: number;
  page_id: number;
  page_script_id: number | null;
  scan_id: number | null;
  change: ScriptChangeKind;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  actor_user_id: number | null;
  at: Date;
}

/** A host a page's script contacted (page_script_id null: the initiator was not attributed). */
export interface ScriptDestinationsTable {
  id: Generated<number>;
  company_id: number;
  page_id: number;
  page_script_id: number | null;
  host: string;
  kind: DestinationKind;
  first_seen_at: Date;
  last_seen_at: Date;
  last_scan_id: number | null;
}

/** An attack-pattern rule: company_id null is Vigil's default set (written by the platform only). */
export interface JsRulesTable {
  id: Generated<number>;
  company_id: number | null;
  /** Stable id, e.g. `VGL-SKIM-001`. */
  key: string;
  name: string;
  family: string;
  severity: (typeof ruleSeverities)[number];
  reference: string | null;
  description: Generated<string>;
  /** JSON: the rule's conditions (rules/rule.types.ts). */
  definition: string;
  enabled: Generated<boolean>;
  version: Generated<number>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface JsRuleVersionsTable {
  rule_id: number;
  version: number;
  name: string;
  severity: string;
  definition: string;
  enabled: boolean;
  changed_by: number | null;
  changed_at: Date;
}

/** A company's switch on a default rule (the rule itself stays the platform's). */
export interface JsRuleSettingsTable {
  company_id: number;
  rule_id: number;
  enabled: boolean;
  changed_by: number | null;
  changed_at: Date;
}

export interface JsRuleHitsTable {
  id: Generated<number>;
  company_id: number;
  rule_id: number;
  rule_version: number;
  page_script_id: number;
  scan_id: number;
  /** The matched excerpt (at most 200 characters) and what matched, JSON. */
  evidence: string;
  at: Date;
}

export interface JsBlacklistTable {
  id: Generated<number>;
  company_id: number;
  kind: BlacklistKind;
  /** host: lower-case name; url: without fragment; sha256: lower-case hex. */
  value: string;
  source: string;
  family: string | null;
  status: Generated<'active' | 'inactive'>;
  notes: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  hits: Generated<number>;
  job_id: number | null;
  is_demo: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}

/** A finding of the client-side module on one page (and script), 1:1 on finding_id. */
export interface ScriptFindingsTable {
  finding_id: number;
  company_id: number;
  page_id: number;
  page_script_id: number | null;
  scan_id: number | null;
  kind: ScriptFindingKind;
  evidence: Generated<string>;
}

export type StoreRow = Selectable<StoresTable>;
export type StorePageRow = Selectable<StorePagesTable>;
export type PageScriptRow = Selectable<PageScriptsTable>;
export type JsRuleRow = Selectable<JsRulesTable>;

// The module's tables join the database's type here, so db/database.ts never imports a module.
declare module '../../../db/database.js' {
  interface Database {
    stores: StoresTable;
    store_pages: StorePagesTable;
    script_scans: ScriptScansTable;
    page_scripts: PageScriptsTable;
    script_contents: ScriptContentsTable;
    script_changes: ScriptChangesTable;
    script_destinations: ScriptDestinationsTable;
    js_rules: JsRulesTable;
    js_rule_versions: JsRuleVersionsTable;
    js_rule_settings: JsRuleSettingsTable;
    js_rule_hits: JsRuleHitsTable;
    js_blacklist: JsBlacklistTable;
    script_findings: ScriptFindingsTable;
  }
}
