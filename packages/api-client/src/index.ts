export { type ApiClient, type ApiClientOptions, createApiClient, XSRF_COOKIE, XSRF_HEADER } from './client.js';
export { readCookie } from './cookies.js';
export { ApiError, type ApiErrorFlags, apiErrorFromResponse } from './errors.js';
export { enumValues, sortValues } from './generated/enums.js';
export type { components, operations, paths } from './generated/schema.js';

import type { components } from './generated/schema.js';

/** The contract's named schemas, e.g. `Schemas['User']`. */
export type Schemas = components['schemas'];
