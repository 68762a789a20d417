// What the advisor's tools answer (issue 20, ADR 0036): the allow-listed shapes each tool maps the
// app's own answers to. The tools themselves are advisor.tools.<area>.ts, listed in advisor.tool-list.ts.

import type { components } from '@vigil/api-client';
import type { FindingStatus, Severity } from '../findings/findings.table.js';

export type { FindingStatus, Severity };

/** A finding as every tool shows it (ref `F<id>`, path: where it opens on the web). */
export interface FindingItem {
  ref: string;
  id: number;
  module: string;
  title: string;
  severity: Severity;
  status: FindingStatus;
  due_at: string | null;
  first_seen_at: string;
  last_seen_at: string;
  path: string;
}

/** A finding named by another record (a fix, a CVE, a script's alert). */
export interface FindingLink {
  ref: string;
  id: number;
  title: string;
  path: string;
}

// posture_summary {} ---------------------------------------------------------------------------
export interface PostureSummaryData {
  /** ref `rating`, path `/technicalrisk`. */
  rating: {
    ref: 'rating';
    path: string;
    score: number | null;
    grade: 'A' | 'B' | 'C' | 'D' | 'F' | null;
    computed_at: string;
    factors: { id: string; grade: string | null; score: number | null; open: number; overdue: number }[];
  };
  open_by_severity: Record<Severity, number>;
  open_by_module: { module: string; count: number }[];
  /** The rating's top fixes by score gain, each with the first finding to fix. */
  top_fixes: {
    module: string;
    kind: string;
    factor: string;
    severity: Severity;
    overdue: boolean;
    findings: number;
    gain: number;
    finding: FindingLink | null;
  }[];
}

// list_findings {module?, severity?[], status?[], q?, sort?, limit?} ------------------------------
export interface ListFindingsArgs {
  module?: string | undefined;
  severity?: Severity[] | undefined;
  status?: FindingStatus[] | undefined;
  q?: string | undefined;
  sort?: 'severity' | 'newest' | undefined;
  limit?: number | undefined;
}
export interface ListFindingsData {
  /** Findings matching the filters (all pages), of which `findings` are the first `limit`. */
  total: number;
  findings: FindingItem[];
}

// get_finding {id} -------------------------------------------------------------------------------
export interface GetFindingData {
  finding: FindingItem & {
    reference: string | null;
    assignee: string | null;
    resolved_at: string | null;
    reopen_count: number;
  };
  /** Allow-listed fields of the module's own record (credentials, devices, mentions), or null.
   * A leaked account says `clear_password: true|false`, never the password. */
  details: Record<string, string | number | boolean | string[] | null> | null;
  history: { field: string; from: string | null; to: string | null; at: string; actor: string | null }[];
}

// cve_exposure {cve} ----------------------------------------------------------------------------
export interface CveExposureData {
  /** ref = the CVE id; path `/cvemonitor?q=<id>` (or the company's finding on it). */
  cve: {
    ref: string;
    path: string;
    cvss31: number | null;
    cvss40: number | null;
    epss: number | null;
    epss_percentile: number | null;
    kev: boolean;
    kev_due_date: string | null;
    kev_ransomware: string | null;
    published_at: string | null;
    summary: string;
    products: string[];
  } | null;
  /** The shared catalogue's entry when the watch list did not match the CVE (so `cve` is null): its
   * severity, publication and summary, read from GET /cve-catalogue/{id}; null when unknown. */
  catalogue: {
    ref: string;
    path: string;
    severity: string | null;
    published_at: string | null;
    summary: string;
  } | null;
  /** Set when the catalogue does not hold the CVE at all: its freshness (the last NVD sync, the newest
   * catalogue upload, what the uploads hold), so the answer says the CVE is unknown, not "not affected". */
  not_in_catalogue: Pick<
    components['schemas']['CatalogueFreshness'],
    'last_nvd_sync_at' | 'last_upload_at' | 'nvd_newest_published_at' | 'kev_catalog_version'
  > | null;
  /** Whether the company is affected: its watch list matched (a CVE finding) or an asset/scan did. */
  affected: boolean;
  /** The company's CVE finding (watch list match) with its status, or null. */
  watch_finding: (FindingLink & { status: FindingStatus }) | null;
  /** The company's other findings naming the CVE (scanner vulnerabilities on its assets). */
  findings: FindingItem[];
}

// what_changed {period?, from?, to?} ------------------------------------------------------------
export interface PeriodFigures {
  new: number;
  resolved: number;
  reopened: number;
  sla_breaches: number;
  mttr_hours: number | null;
}
export interface WhatChangedData {
  /** ref `insights`, path `/insight?period=<week|month>`. */
  ref: 'insights';
  path: string;
  period: 'week' | 'month' | 'custom';
  current: { from: string; to: string };
  previous: { from: string; to: string };
  totals: { current: PeriodFigures; previous: PeriodFigures };
  modules: { module: string; current: PeriodFigures; previous: PeriodFigures }[];
  top_risks: FindingItem[];
}

// leaked_accounts {domain?, clearPasswordOnly?, limit?} -----------------------------------------
export interface LeakedAccount {
  ref: string;
  id: number;
  email: string;
  domain: string;
  source_kind: 'breach' | 'combolist' | 'infostealer';
  source_name: string;
  breach_date: string | null;
  /** The leak held the password in clear (the password itself is never stored nor shown). */
  clear_password: boolean;
  severity: Severity;
  status: FindingStatus;
  first_seen_at: string;
  path: string;
}
export interface LeakedAccountsData {
  /** Leaked accounts of the filters (all pages). */
  total: number;
  accounts: LeakedAccount[];
}

// store_page {page?} ----------------------------------------------------------------------------
export interface StorePageScript {
  ref: string; // S<id>
  id: number;
  kind: 'external' | 'inline';
  url: string | null;
  host: string | null;
  party: 'first' | 'third' | 'fourth';
  authorisation: 'pending' | 'authorised' | 'denied';
  changed: boolean;
  behaviours: string[];
  removed: boolean;
  open_findings: number;
  /** Detection rules it matched (names and severities, no script body). */
  rule_matches: { rule: string; severity: string; at: string }[];
  path: string;
}
export interface StorePageAlert extends FindingLink {
  severity: Severity;
  status: FindingStatus;
  script_ref: string;
}
export interface StorePageData {
  /** Without `page`: the company's store pages to choose from (no scripts). */
  pages: { id: number; store: string; url: string; page_type: string; open_findings: number; path: string }[];
  page: {
    id: number;
    store: string;
    url: string;
    page_type: string;
    last_scanned_at: string | null;
    pci_6_4_3: string;
    pci_11_6_1: string;
    path: string;
  } | null;
  scripts: StorePageScript[];
  /** The open findings raised on the page's scripts (ref `F<id>`). */
  alerts: StorePageAlert[];
}

// search {q, kinds?} ----------------------------------------------------------------------------
export interface SearchData {
  q: string;
  groups: {
    kind: string;
    module: string | null;
    more: boolean;
    hits: {
      ref: string;
      title: string;
      snippet: string | null;
      severity: string | null;
      at: string | null;
      path: string;
    }[];
  }[];
}
