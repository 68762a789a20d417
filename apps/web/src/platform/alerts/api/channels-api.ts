import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type AlertChannel = Schemas['AlertChannel'];
export type ChannelKind = Schemas['ChannelKind'];
export type ChannelSettings = Schemas['ChannelSettings'];

const channelsKey = ['alerts', 'channels'] as const;
const channelDeliveriesKey = (id: number) => ['alerts', 'channels', id, 'deliveries'] as const;

export function useChannels() {
  const api = useApi();
  return useQuery({
    queryKey: channelsKey,
    queryFn: async ({ signal }) => (await api.GET('/alerts/channels', { signal })).data?.data ?? [],
  });
}

/** The answer of a creation or change: the channel, and a Jira channel's inbound secret when it was (re)made. */
export interface SavedChannel {
  channel: AlertChannel | undefined;
  inboundSecret: string | undefined;
}

export function useCreateChannel() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['CreateAlertChannelRequest']): Promise<SavedChannel> => {
      const data = (await api.POST('/alerts/channels', { body })).data;
      return { channel: data?.data, inboundSecret: data?.inbound_secret };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: channelsKey }),
  });
}

export function useUpdateChannel() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number;
      body: Schemas['UpdateAlertChannelRequest'];
    }): Promise<SavedChannel> => {
      const data = (await api.PATCH('/alerts/channels/{id}', { params: { path: { id } }, body })).data;
      return { channel: data?.data, inboundSecret: data?.inbound_secret };
    },
    onSuccess: () => client.invalidateQueries({ queryKey: channelsKey }),
  });
}

export function useDeleteChannel() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/alerts/channels/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: channelsKey }),
  });
}

export function useTestChannel() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.POST('/alerts/channels/{id}/test', { params: { path: { id } } });
    },
    // The delivery runs in the background: the list and the log refresh a moment later.
    onSuccess: (_, id) =>
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: channelsKey });
        void client.invalidateQueries({ queryKey: channelDeliveriesKey(id) });
      }, 1500),
  });
}

export function useChannelDeliveries(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: channelDeliveriesKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await api.GET('/alerts/channels/{id}/deliveries', { params: { path: { id: id ?? 0 } }, signal })).data?.data ??
      [],
  });
}
