// The deployment's providers, built from configuration (PROVIDERS, issue 18, implements this).
import type { AppConfig } from '../../config/env.js';
import type { Providers } from './provider.types.js';

export function getProviders(_config: AppConfig): Providers {
  return { webSearch: null, code: null, archives: [], rdap: null, status: () => [] };
}
