import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { operations, Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type Credential = Schemas['Credential'];
export type Device = Schemas['Device'];
export type CredentialQuery = NonNullable<operations['listCredentials']['parameters']['query']>;
export type DeviceQuery = NonNullable<operations['listInfostealerDevices']['parameters']['query']>;

export function useCredentials(query: CredentialQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['credentials', 'list', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/credentials', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function useDevices(query: DeviceQuery) {
  const api = useApi();
  return useQuery({
    queryKey: ['credentials', 'devices', query],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/credentials/devices', { params: { query }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

export function useDevice(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['credentials', 'device', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/credentials/devices/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data;
    },
  });
}

/** One leaked credential for its drawer (the masked password only: the API never has another). */
export function useCredential(id: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['credentials', 'one', id],
    queryFn: async ({ signal }) => {
      const { data } = await api.GET('/credentials/{id}', { params: { path: { id } }, signal });
      if (!data) throw new Error('empty answer');
      return data.data;
    },
  });
}
