// The demo's store blacklist: the demo company that runs a shop gets four lookalike domains of its
// store through the real service, at different points of the workflow: the clone the store dork
// search finds (dev/test-store serves it) with its takedown requested, the parked lookalike still
// suspected, an outlet clone already taken down (offline), and a confirmed one that no longer
// resolves, which the first check marks offline. Their check is queued by the adds; RDAP answers
// come from the replay server's fixtures (dev/provider-replay/fixtures/rdap/store-blacklist.json).
import type { Executor } from '../../../db/database.js';
import type { DemoCompany } from '../../../platform/monitoring/monitoring-module.js';
import { DAY } from '../../../shared/clock.js';
import type { StoreBlacklistStatus } from '../clones/clones.table.js';
import { findEntry, recordChanges } from './store-blacklist.repository.js';
import { addToStoreBlacklist } from './store-blacklist.service.js';

interface DemoEntry {
  domain: string;
  url: string | null;
  daysAgo: number;
  evidence: Record<string, unknown>;
  notes: string;
  /** The moves after `suspected`, one day apart. */
  moves: StoreBlacklistStatus[];
  takedownReference?: string;
}

export const demoBlacklist: DemoEntry[] = [
  {
    domain: 'acme-retai1-store.test',
    url: 'http://www.acme-retai1-store.test/',
    daysAgo: 12,
    evidence: { similarity: 0.94, fingerprints: ['vteximg', '/arquivos/'], found_by: 'store dork search' },
    notes: 'Copies the home page and catalogue; the checkout sends card data to another host.',
    moves: ['confirmed', 'takedown_requested'],
    takedownReference: 'QN-ABUSE-20418',
  },
  {
    domain: 'acmeretail-store.test',
    url: 'http://acmeretail-store.test/',
    daysAgo: 3,
    evidence: { similarity: 0.12, found_by: 'store dork search' },
    notes: 'Parked page; watch for a shop appearing.',
    moves: [],
  },
  {
    domain: 'acme-retail-outlet.test',
    url: 'https://acme-retail-outlet.test/sale',
    daysAgo: 40,
    evidence: { reported_by: 'customer e-mail' },
    notes: 'Reported by a customer who paid and never received the order.',
    moves: ['confirmed', 'takedown_requested', 'offline'],
    takedownReference: 'HH-TKD-7731',
  },
  {
    domain: 'acme-retail-sale.test',
    url: null,
    daysAgo: 6,
    evidence: { reported_by: 'brand protection partner' },
    notes: 'Advertised on social media with the brand’s logo.',
    moves: ['confirmed'],
  },
];

export async function storeBlacklistDemoSetup(db: Executor, companyId: number, company: DemoCompany, anchor: Date) {
  if (!company.hosts.includes(`shop.${company.domain}`)) return;
  const scope = { companyId, userId: 0 };
  for (const demo of demoBlacklist) {
    let at = new Date(anchor.getTime() - demo.daysAgo * DAY);
    const { id } = await addToStoreBlacklist(db, {
      companyId,
      domain: demo.domain,
      url: demo.url,
      evidence: demo.evidence,
      notes: demo.notes,
      actorUserId: null,
      isDemo: true,
      now: at,
    });
    for (const status of demo.moves) {
      at = new Date(at.getTime() + DAY);
      const entry = await findEntry(db, scope, id);
      if (!entry) break;
      const reference = status === 'takedown_requested' ? { takedown_reference: demo.takedownReference ?? null } : {};
      await recordChanges(db, entry, { status, ...reference }, { actorUserId: null, now: at });
    }
  }
}
