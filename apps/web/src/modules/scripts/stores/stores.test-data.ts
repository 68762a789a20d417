// Answers of the stores API as the /vtex screen's tests use them.
const passing = {
  status: 'pass',
  inventory_complete: true,
  all_authorised: true,
  integrity_assured: true,
  reasons: [],
};

export const checkoutPage = {
  id: 11,
  store_id: 2,
  url: 'https://shop.acme.test/checkout',
  page_type: 'checkout',
  scan_interval_hours: 24,
  steps: [
    { action: 'click', selector: '#to-payment' },
    { action: 'wait', ms: 500 },
  ],
  enabled: true,
  last_scanned_at: '2026-11-20T10:01:00.000Z',
  next_scan_at: '2026-11-21T10:01:00.000Z',
  last_scan: {
    id: 90,
    status: 'done',
    started_at: '2026-11-20T10:00:00.000Z',
    finished_at: '2026-11-20T10:01:00.000Z',
    scripts: 7,
    new_scripts: 1,
    changed_scripts: 0,
    removed_scripts: 0,
    new_destinations: 1,
    findings_opened: 2,
    error: null,
  },
  active_scripts: 7,
  open_findings: 2,
  pci_6_4_3: {
    status: 'fail',
    inventory_complete: true,
    all_authorised: false,
    integrity_assured: true,
    reasons: [{ code: 'pending_scripts', count: 2 }],
  },
  pci_11_6_1: { status: 'pass', scans_on_schedule: true, no_unhandled_alerts: true, reasons: [] },
  is_demo: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const store = {
  id: 2,
  name: 'Acme Shop',
  platform: 'vtex',
  account_name: 'acmeshop',
  domains: ['shop.acme.test', 'acme.test'],
  checkout_url: 'https://shop.acme.test/checkout',
  pages: [checkoutPage],
  pci_6_4_3: 'fail',
  pci_11_6_1: 'pass',
  is_demo: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const storesList = { data: [store] };
export const passingStatus = passing;
