import type { StoreBlacklistEntry } from './store-blacklist-api';

export const storeEntry: StoreBlacklistEntry = {
  id: 7,
  domain: 'acme-retai1-store.test',
  url: 'http://www.acme-retai1-store.test/',
  status: 'confirmed',
  next_statuses: ['takedown_requested'],
  registrar: 'Quickname Registrar, Inc.',
  host: 'BULLETPROOF-HOSTING-DEMO',
  address: '203.0.113.7',
  notes: 'Copies the home page.',
  takedown_reference: null,
  takedown_requested_at: null,
  last_checked_at: '2026-11-20T10:00:00Z',
  last_online_at: '2026-11-20T10:00:00Z',
  offline_since: null,
  next_check_at: '2026-11-20T16:00:00Z',
  candidate_id: null,
  is_demo: true,
  created_at: '2026-11-08T09:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

export const storePage = {
  data: [
    storeEntry,
    { ...storeEntry, id: 8, domain: 'acme-retail-outlet.test', status: 'offline', next_statuses: ['confirmed'] },
  ],
  meta: { page: 1, page_size: 25, total: 2, total_is_lower_bound: false, has_more: false },
  registrars: ['Quickname Registrar, Inc.'],
};

export const storeDetail = {
  data: {
    ...storeEntry,
    evidence: { similarity: 0.94, fingerprints: ['vteximg', '/arquivos/'] },
    history: [
      {
        id: 1,
        field: 'status',
        from_value: null,
        to_value: 'suspected',
        actor_name: 'Ana Analyst',
        at: '2026-11-08T09:00:00Z',
      },
      {
        id: 2,
        field: 'status',
        from_value: 'suspected',
        to_value: 'confirmed',
        actor_name: 'Ana Analyst',
        at: '2026-11-09T09:00:00Z',
      },
      {
        id: 3,
        field: 'registrar',
        from_value: null,
        to_value: 'Quickname Registrar, Inc.',
        actor_name: null,
        at: '2026-11-09T10:00:00Z',
      },
    ],
  },
};
