// Test helpers of the providers: the replay server (dev/provider-replay) started for a test file
// without the recorded fixtures or with them, and the app config whose providers all point at it
// (a 5xx retried after 10 ms, not half a second).
import type { AppConfig } from '../config/env.js';
import { type ProviderReplay, startProviderReplay } from '../dev/provider-replay/provider-replay.js';
import { testConfig } from './test-app.js';

export function providerTestConfig(replay: ProviderReplay, env: Record<string, string> = {}): AppConfig {
  const config = testConfig(env);
  return { ...config, providers: { ...replay.config(config.providers), retryBaseMs: 10 } };
}

export { type ProviderReplay, startProviderReplay };
