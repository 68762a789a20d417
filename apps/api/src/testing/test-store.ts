// Test helpers of the client-side script scans: the local test store (dev/test-store) started for
// a test file, the scanner settings that reach it and nothing else, and a scan request per variant.
import type { AppConfig, ScanConfig } from '../config/env.js';
import { checkoutSteps } from '../demo/demo-store.js';
import {
  startTestStore,
  TEST_STORE_DOMAIN,
  type TestStore,
  type TestStoreVariant,
  testStoreUrl,
} from '../dev/test-store/test-store.js';
import type { ScanRequest } from '../modules/scripts/scanner/scan.types.js';
import { testConfig } from './test-app.js';

/** The scanner settings of a test: the store's hosts mapped to it, every other host unreachable. */
export function testStoreScanConfig(store: TestStore, overrides: Partial<ScanConfig> = {}): ScanConfig {
  return { ...testConfig().scan, timeoutMs: 20_000, hostMap: store.hostMap, mappedOnly: true, ...overrides };
}

/** The app config of a test whose scans reach the test store (testApp(database, { config })). */
export function testStoreAppConfig(store: TestStore, env: Record<string, string> = {}): AppConfig {
  const config = testConfig(env);
  return { ...config, scan: testStoreScanConfig(store) };
}

/** The scan of a variant's checkout page, walking it to paying. */
export const testStoreRequest = (variant: TestStoreVariant): ScanRequest => ({
  url: testStoreUrl(variant),
  steps: checkoutSteps,
  firstPartyDomains: [TEST_STORE_DOMAIN],
});

export { startTestStore, type TestStore };
