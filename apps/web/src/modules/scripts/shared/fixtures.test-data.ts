// Answers of the scripts, scans and e-commerce API as the screens' tests use them (typed by the contract).
import type { Schemas } from '@vigil/api-client';

const listPage = <T>(data: T[]) => ({
  data,
  meta: { page: 1, page_size: 25, total: data.length, total_is_lower_bound: false, has_more: false },
});

const pageRef = {
  id: 3,
  url: 'https://shop.acme.test/checkout',
  page_type: 'checkout',
  store_id: 1,
  store_name: 'Acme shop',
} as const;

export const script: Schemas['Script'] = {
  id: 11,
  page: pageRef,
  key: 'https://cdn.analytics-partner.test/analytics.js',
  kind: 'external',
  url: 'https://cdn.analytics-partner.test/analytics.js',
  host: 'cdn.analytics-partner.test',
  party: 'third',
  loaded_by: null,
  sha256: 'b'.repeat(64),
  sri: false,
  size: 2048,
  behaviours: ['sends_data'],
  authorisation: 'authorised',
  authorised_by: 'hash',
  authorised_sha256: 'a'.repeat(64),
  authorised_host: null,
  changed: true,
  justification: 'Conversion analytics',
  approver: { id: 2, name: 'Ana Analyst' },
  approved_at: '2026-11-20T10:00:00.000Z',
  first_seen_at: '2026-11-01T00:00:00.000Z',
  last_seen_at: '2026-11-25T00:00:00.000Z',
  removed_at: null,
  open_findings: 1,
  is_demo: true,
};

export const skimmer: Schemas['Script'] = {
  ...script,
  id: 12,
  key: 'https://cdn.jquery-cdn.test/jquery.min.js',
  url: 'https://cdn.jquery-cdn.test/jquery.min.js',
  host: 'cdn.jquery-cdn.test',
  party: 'fourth',
  loaded_by: 'https://cdn.analytics-partner.test/analytics.js',
  sha256: 'c'.repeat(64),
  behaviours: ['reads_card_fields', 'sends_data'],
  authorisation: 'pending',
  authorised_by: null,
  authorised_sha256: null,
  changed: false,
  justification: null,
  approver: null,
  approved_at: null,
};

export const scriptsPage = listPage([script, skimmer]);

export const skimmerDetail: Schemas['ScriptDetail']['data'] = {
  ...skimmer,
  content_excerpt: 'document.querySelector("#cc-number")',
  content_truncated: true,
  history: [
    {
      id: 90,
      page_script_id: 12,
      scan_id: 7,
      change: 'new',
      field: null,
      from_value: null,
      to_value: null,
      actor: null,
      at: '2026-11-25T00:00:00.000Z',
    },
  ],
  destinations: [
    {
      id: 5,
      host: 'collect.evil.test',
      kind: 'beacon',
      first_seen_at: '2026-11-25T00:00:00.000Z',
      last_seen_at: '2026-11-25T00:00:00.000Z',
    },
  ],
  rule_hits: [
    {
      rule_id: 4,
      rule_key: 'card-field-selectors',
      rule_name: 'Card field selectors',
      family: 'magecart',
      severity: 'high',
      rule_version: 1,
      scan_id: 7,
      excerpt: '#cc-number',
      matched: ['card-selector'],
      at: '2026-11-25T00:00:00.000Z',
    },
  ],
  blacklist_hits: [
    {
      entry_id: 8,
      kind: 'host',
      value: 'collect.evil.test',
      family: 'magecart',
      source: 'demo list',
      target: 'collect.evil.test',
      finding_id: 61,
      at: '2026-11-25T00:00:00.000Z',
    },
  ],
  findings: [
    {
      id: 61,
      kind: 'blacklist_hit',
      title: 'Script sends to blacklisted collect.evil.test',
      severity: 'critical',
      status: 'new',
      scan_id: 7,
      first_seen_at: '2026-11-25T00:00:00.000Z',
      last_seen_at: '2026-11-25T00:00:00.000Z',
    },
  ],
};

export const scan: Schemas['ScriptScan'] = {
  id: 7,
  page: pageRef,
  job_id: 70,
  status: 'done',
  final_url: 'https://shop.acme.test/checkout',
  http_status: 200,
  headers: { 'strict-transport-security': 'max-age=31536000' },
  scripts: 4,
  new_scripts: 1,
  changed_scripts: 1,
  removed_scripts: 0,
  new_destinations: 1,
  header_changes: [{ header: 'content-security-policy', from: "script-src 'self'", to: null, regression: true }],
  findings_opened: 3,
  duration_ms: 1800,
  error: null,
  is_demo: true,
  started_at: '2026-11-25T00:00:00.000Z',
  finished_at: '2026-11-25T00:00:02.000Z',
};

export const scansPage = { ...listPage([scan]), pending: null };

export const scanDetail: Schemas['ScriptScanDetail']['data'] = {
  scan,
  changes: [
    {
      page_script_id: 12,
      script_key: 'https://cdn.jquery-cdn.test/jquery.min.js',
      change: 'new',
      field: null,
      from_value: null,
      to_value: null,
    },
  ],
  findings: skimmerDetail.findings,
};

const pass643: Schemas['Pci643'] = {
  status: 'pass',
  inventory_complete: true,
  all_authorised: true,
  integrity_assured: true,
  reasons: [],
};
const pass1161: Schemas['Pci1161'] = {
  status: 'pass',
  scans_on_schedule: true,
  no_unhandled_alerts: true,
  reasons: [],
};

export const checkoutPage: Schemas['StorePage'] = {
  id: 3,
  store_id: 1,
  url: 'https://shop.acme.test/checkout',
  page_type: 'checkout',
  scan_interval_hours: 24,
  steps: [],
  enabled: true,
  last_scanned_at: '2026-11-25T00:00:02.000Z',
  next_scan_at: '2026-11-26T00:00:02.000Z',
  last_scan: {
    id: 7,
    status: 'done',
    started_at: '2026-11-25T00:00:00.000Z',
    finished_at: '2026-11-25T00:00:02.000Z',
    scripts: 4,
    new_scripts: 1,
    changed_scripts: 1,
    removed_scripts: 0,
    new_destinations: 1,
    findings_opened: 3,
    error: null,
  },
  active_scripts: 4,
  open_findings: 3,
  pci_6_4_3: {
    status: 'fail',
    inventory_complete: true,
    all_authorised: false,
    integrity_assured: false,
    reasons: [
      { code: 'pending_scripts', count: 1 },
      { code: 'hash_mismatch', count: 1 },
    ],
  },
  pci_11_6_1: {
    status: 'fail',
    scans_on_schedule: true,
    no_unhandled_alerts: false,
    reasons: [{ code: 'unhandled_alerts', count: 3 }],
  },
  is_demo: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const productPage: Schemas['StorePage'] = {
  ...checkoutPage,
  id: 4,
  url: 'https://shop.acme.test/product/1',
  page_type: 'product',
  open_findings: 0,
  pci_6_4_3: pass643,
  pci_11_6_1: pass1161,
};

export const store: Schemas['Store'] = {
  id: 1,
  name: 'Acme shop',
  platform: 'vtex',
  account_name: 'acme',
  domains: ['shop.acme.test'],
  checkout_url: 'https://shop.acme.test/checkout',
  pages: [checkoutPage, productPage],
  pci_6_4_3: 'fail',
  pci_11_6_1: 'fail',
  is_demo: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const compliance: Schemas['EcommerceCompliance'] = {
  data: {
    stores: [store],
    pci_6_4_3: { pass: 1, fail: 1, unknown: 0 },
    pci_11_6_1: { pass: 1, fail: 1, unknown: 0 },
    generated_at: '2026-11-25T12:00:00.000Z',
  },
};

const day = (date: string, blacklist: number, pattern: number) => ({
  day: date,
  total: blacklist + pattern,
  unauthorised_script: 0,
  hash_changed: 0,
  new_destination: 0,
  blacklist_hit: blacklist,
  pattern_hit: pattern,
  header_regression: 0,
});

export const detections: Schemas['EcommerceDetections'] = {
  data: { days: 30, series: [day('2026-11-24', 0, 0), day('2026-11-25', 1, 2)] },
};
