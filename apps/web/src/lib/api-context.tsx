import type { ApiClient } from '@vigil/api-client';
import { createContext, type ReactNode, useContext } from 'react';
import { api } from './api';

const ApiContext = createContext<ApiClient>(api);

/** The /api client screens call: the app's one client, or a test's client with an injected fetch. */
export function useApi(): ApiClient {
  return useContext(ApiContext);
}

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}
