// The development start's demo store: the local store server (test-store.ts, which serves the demo
// store's pages beside the test store's) started next to the probes' demo targets, and the scanner
// pointed at it: its host names reach 127.0.0.1:<port> (config.scan.hostMap, platform only), every
// other name as usual. The demo store's page URLs (demo-store.ts) carry no port, so the pages the
// demo setup stored stay valid across starts.
import type { AppConfig } from '../../config/env.js';
import { startTestStore, type TestStore } from './test-store.js';

export async function withDemoStore(config: AppConfig): Promise<{ config: AppConfig; store: TestStore }> {
  const store = await startTestStore();
  const scan = { ...config.scan, hostMap: { ...store.hostMap, ...config.scan.hostMap } };
  return { config: { ...config, scan }, store };
}
