// Every sort a list offers in the contract is an order its repository knows: each value of each
// `sort` enum, ascending and descending, answers 200 with rows of the company (the mapping from a
// sort key to its SQL column is `orderOf`, so a key missing there would fall back silently; a wrong
// column would be a 500 here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, urlOf } from '../testing/contract-operations.js';
import { resolve, type Schema } from '../testing/fuzz-values.js';
import { importFile, newTenant, type Tenant } from '../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';

let database: TestDatabase;
let app: VigilApp;
let who: Tenant;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  who = await newTenant(app, 'sorts', { role: 'administrator' });
  await importFile(app, who, 'combolist', 'sorts.txt', `a@${who.domain}:secret-1\nb@${who.domain}:x2\n`);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the contract sorts', () => {
  it('are each an order the list runs (no 5xx, no 4xx)', async () => {
    const doc = app.contract as unknown as Schema;
    const sorted = operationsOf(doc).filter(
      (op) => op.method === 'GET' && !op.path.includes('{') && op.parameters.some((p) => p.name === 'sort'),
    );
    expect(sorted.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const op of sorted) {
      const param = op.parameters.find((p) => p.name === 'sort');
      const values = (resolve(doc, param?.schema).enum ?? []) as string[];
      expect(values.length, op.operationId).toBeGreaterThan(0);
      for (const value of values) {
        const res = await who.browser.get(urlOf(op, {}, { sort: value }), { token: who.token });
        if (res.statusCode !== 200) failures.push(`${op.operationId} sort=${value}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
