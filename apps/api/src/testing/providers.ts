// Test helpers of the providers: the replay server (dev/provider-replay) started for a test file
// without the recorded fixtures or with them, and the app config whose providers all point at it
// (a 5xx retried after 10 ms, not half a second; no rate window unless the test sets one).
import type { AppConfig } from '../config/env.js';
import { type ProviderReplay, startProviderReplay } from '../dev/provider-replay/provider-replay.js';
import { testConfig } from './test-app.js';

export function providerTestConfig(replay: ProviderReplay, env: Record<string, string> = {}): AppConfig {
  const config = testConfig({ ...unlimited, ...env });
  return { ...config, providers: { ...replay.config(config.providers), retryBaseMs: 10 } };
}

/** No window unless a test sets one: a run's queries are not held to the real quotas (a test's clock does not move). */
const unlimited = {
  SEARCH_API_DAILY_QUOTA: '1000000',
  GITHUB_SEARCH_PER_MINUTE: '1000',
  ARCHIVE_REQUESTS_PER_MINUTE: '10000',
  RDAP_REQUESTS_PER_MINUTE: '10000',
};

export { type ProviderReplay, startProviderReplay };
