// The demo's store dork search: for a demo company with the demo store (stores.demo.ts made it), a
// run queued like a user's, labelled demo. On a development start its permutations reach the
// lookalikes the local store serves (dev/test-store/clone-store.ts: a clone and a parked page) and
// its searches the local replay server (fixtures/web-search/store-clones.json), so /vtexdork shows
// a real screenshot and similarity on a fresh start.
import type { Executor } from '../../../db/database.js';
import { queueProviderRun } from '../../../platform/providers/provider-runs.js';
import { CLONE_JOB } from './clones.values.js';

export async function clonesDemoSetup(db: Executor, companyId: number, anchor: Date): Promise<void> {
  const store = await db.selectFrom('stores').select('id').where('company_id', '=', companyId).executeTakeFirst();
  if (!store) return;
  await queueProviderRun(db, {
    companyId,
    module: 'scripts',
    kind: CLONE_JOB,
    provider: 'web-search',
    createdBy: null,
    isDemo: true,
    now: anchor,
  });
}
