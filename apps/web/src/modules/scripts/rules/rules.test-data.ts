// Answers of the JS rules and blacklist APIs as the /dork and /jsblacklist screens' tests use them.
const page = (data: unknown[], extra: Record<string, unknown> = {}) => ({
  data,
  meta: { page: 1, page_size: 25, total: data.length, total_is_lower_bound: false, has_more: false },
  ...extra,
});

const definition = {
  match: 'all',
  conditions: [
    { id: 'checkout', target: 'content', op: 'regex', value: 'onepage|checkout', case_sensitive: false },
    { id: 'exfil', target: 'content', op: 'contains', value: 'btoa(', case_sensitive: false },
  ],
};

export const vigilRule = {
  id: 1,
  key: 'VGL-SKIM-001',
  name: 'Checkout URL check with encoded exfiltration',
  family: 'magecart',
  severity: 'critical',
  reference: 'https://sansec.io/research/example',
  description: 'Reads location.href for checkout and sends base64 data.',
  owner: 'vigil',
  definition,
  enabled: true,
  version: 1,
  hits: 3,
  last_hit_at: '2026-11-20T10:01:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const ownRule = {
  ...vigilRule,
  id: 7,
  key: 'CUS-001',
  name: 'Our CDN look-alike',
  family: 'typosquat',
  severity: 'high',
  reference: null,
  description: '',
  owner: 'company',
  definition: { match: 'any', conditions: [{ id: 'tq', target: 'url', op: 'typosquat', case_sensitive: false }] },
  enabled: false,
  version: 2,
  hits: 0,
  last_hit_at: null,
};

export const rulesPage = page([vigilRule, ownRule], { families: ['magecart', 'typosquat'] });

export const ownRuleDetail = {
  data: {
    rule: ownRule,
    versions: [
      {
        version: 2,
        name: ownRule.name,
        severity: 'high',
        definition: ownRule.definition,
        enabled: false,
        changed_by: 'Ana Analyst',
        changed_at: '2026-11-10T00:00:00.000Z',
      },
      {
        version: 1,
        name: 'CDN look-alike',
        severity: 'medium',
        definition: ownRule.definition,
        enabled: true,
        changed_by: 'Ana Analyst',
        changed_at: '2026-11-05T00:00:00.000Z',
      },
    ],
  },
};

export const vigilRuleDetail = {
  data: {
    rule: vigilRule,
    versions: [
      {
        version: 1,
        name: vigilRule.name,
        severity: 'critical',
        definition,
        enabled: true,
        changed_by: null,
        changed_at: '2026-11-01T00:00:00.000Z',
      },
    ],
  },
};

export const testResult = {
  data: {
    hits: [
      {
        rule_id: 1,
        key: 'VGL-SKIM-001',
        name: vigilRule.name,
        family: 'magecart',
        severity: 'critical',
        matched: ['checkout', 'exfil'],
        excerpt: 'if (location.href.match(/onepage|checkout/)) navigator.sendBeacon(u, btoa(card))',
      },
    ],
    rules_run: 18,
    duration_ms: 4,
  },
};

export const entry = {
  id: 5,
  kind: 'host',
  value: 'collect.evil.test',
  source: 'magecart-iocs.txt',
  family: 'magecart',
  status: 'active',
  notes: null,
  first_seen_at: '2026-10-01T00:00:00.000Z',
  last_seen_at: '2026-11-20T00:00:00.000Z',
  hits: 4,
  is_demo: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};

export const blacklistPage = page([entry], { families: ['magecart'] });
