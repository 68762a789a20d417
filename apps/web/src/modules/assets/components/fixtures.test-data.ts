// Answers of the assets, probes and suppliers API as the screens' tests use them.
const page = (data: unknown[]) => ({
  data,
  meta: { page: 1, page_size: 25, total: data.length, total_is_lower_bound: false, has_more: false },
});

export const asset = {
  id: 5,
  type: 'subdomain',
  value: 'shop.acme.test',
  supplier: null,
  sources: ['subfinder', 'probe'],
  tags: ['pci'],
  owner: 'E-commerce team',
  details: { title: 'Acme shop' },
  first_seen_at: '2026-11-01T00:00:00.000Z',
  last_seen_at: '2026-11-20T00:00:00.000Z',
  gone_at: null,
  last_probed_at: '2026-11-20T00:00:00.000Z',
  open_findings: 2,
  is_demo: true,
};

export const assetDetail = {
  ...asset,
  relations: [
    {
      direction: 'out',
      kind: 'resolves_to',
      asset: { id: 7, type: 'ip', value: '203.0.113.7' },
      source: 'subfinder',
      first_seen_at: '2026-11-01T00:00:00.000Z',
      last_seen_at: '2026-11-20T00:00:00.000Z',
    },
  ],
  findings: [
    {
      id: 41,
      module: 'assets',
      title: 'Login page without HSTS on shop.acme.test',
      severity: 'medium',
      status: 'new',
      probe: 'http',
      first_seen_at: '2026-11-20T00:00:00.000Z',
      last_seen_at: '2026-11-20T00:00:00.000Z',
    },
  ],
  history: [
    {
      id: 1,
      change: 'discovered',
      field: null,
      from_value: null,
      to_value: null,
      source: 'subfinder',
      actor: null,
      at: '2026-11-01T00:00:00.000Z',
    },
  ],
  observations: [
    { probe: 'http', run_id: 3, result: { status: 200, hsts: false }, observed_at: '2026-11-20T00:00:00.000Z' },
  ],
};

export const assetsPage = page([asset]);

export const run = {
  id: 3,
  job_id: 90,
  supplier_id: null,
  status: 'done',
  targets: 4,
  checks: 12,
  new_assets: 1,
  gone_assets: 0,
  findings_opened: 2,
  findings_resolved: 1,
  is_demo: true,
  error: null,
  started_at: '2026-11-20T10:00:00.000Z',
  finished_at: '2026-11-20T10:01:00.000Z',
};

export const runsPage = { ...page([run]), pending: null };

export const runDetail = {
  data: {
    run,
    changes: [
      {
        asset_id: 5,
        asset_type: 'subdomain',
        asset_value: 'shop.acme.test',
        probe: 'tls',
        change: 'changed',
        from: 'expires 2026-12-01',
        to: 'expires 2027-03-01',
        at: '2026-11-20T10:01:00.000Z',
      },
    ],
    findings: [
      { id: 41, title: 'Login page without HSTS', severity: 'medium', status: 'new', change: 'opened', asset_id: 5 },
    ],
  },
};

export const supplier = {
  id: 3,
  name: 'Parcel Express',
  tier: 'critical',
  website: 'https://parcel.test',
  contact_name: 'Paula Parcel',
  contact_email: 'paula@parcel.test',
  contract_start: '2025-01-01',
  contract_end: '2027-06-30',
  notes: 'Ships every order.',
  questionnaire_status: 'sent',
  rating: { score: 72.5, grade: 'C', day: '2026-11-20', change_30d: -4.5 },
  open_findings: 6,
  asset_count: 14,
  domains: ['parcel.test'],
  is_demo: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const suppliersPage = page([supplier]);
