import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';

export type Credential = Schemas['Credential'];
export type Device = Schemas['Device'];
export type CredentialQuery = NonNullable<operations['listCredentials']['parameters']['query']>;
export type DeviceQuery = NonNullable<operations['listInfostealerDevices']['parameters']['query']>;

export function useCredentials(query: CredentialQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['credentials', 'list', query], (signal) => api.GET('/credentials', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useDevices(query: DeviceQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['credentials', 'devices', query], (signal) =>
      api.GET('/credentials/devices', { params: { query }, signal }),
    ),
    placeholderData: keepPreviousData,
  });
}

export function useDevice(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(['credentials', 'device', id], (signal) =>
      api.GET('/credentials/devices/{id}', { params: { path: { id } }, signal }),
    ),
  );
}

/** One leaked credential for its drawer (the masked password only: the API never has another). */
export function useCredential(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['credentials', 'one', id],
      (signal) => api.GET('/credentials/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}
