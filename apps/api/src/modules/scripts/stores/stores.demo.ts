// The demo's online store: the demo company that runs a shop (a `shop.` host) gets a VTEX store
// whose pages are the demo store a development start serves locally (demo/demo-store.ts, served by dev/test-store/:
// a product page, the cart and a payment page with a skimmer), and their first scans are queued,
// so a fresh start shows a populated Script Manager with one detected skimmer and the E-commerce
// view's compliance. scripts.module.ts uses it as the module's demoSetup.
import type { Executor } from '../../../db/database.js';
import { demoStore } from '../../../demo/demo-store.js';
import type { DemoCompany } from '../../../platform/monitoring/monitoring-module.js';
import { queueScan } from '../scans/scan-queue.js';
import { insertStorePage } from './pages.service.js';
import { insertStore } from './stores.service.js';
import { pageFields, storeFields } from './stores.values.js';

export async function storesDemoSetup(db: Executor, companyId: number, company: DemoCompany, anchor: Date) {
  if (!company.hosts.includes(`shop.${company.domain}`)) return;
  const fields = storeFields({
    name: demoStore.name,
    platform: demoStore.platform,
    account_name: demoStore.accountName,
    domains: demoStore.domains,
    checkout_url: demoStore.checkoutUrl,
  });
  const storeId = await insertStore(db, companyId, fields, { createdBy: null, now: anchor, isDemo: true });
  for (const page of demoStore.pages) {
    const pageId = await insertStorePage(
      db,
      { companyId, storeId },
      pageFields({ url: page.url, page_type: page.pageType, steps: page.steps }, fields.domains),
      { now: anchor, isDemo: true },
    );
    // Below the imports' priority: the scans run once the demo blacklist they are checked against is in.
    await queueScan(db, { companyId, pageId, createdBy: null, isDemo: true, now: anchor, priority: -1 });
  }
}
