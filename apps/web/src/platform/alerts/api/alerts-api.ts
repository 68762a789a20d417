import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';

export type AlertRule = Schemas['AlertRule'];
export type AlertRuleInput = Schemas['AlertRuleInput'];
export type Webhook = Schemas['Webhook'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookFormat = Schemas['WebhookFormat'];

const rulesKey = ['alerts', 'rules'] as const;
const webhooksKey = ['alerts', 'webhooks'] as const;
const deliveriesKey = (id: number) => ['alerts', 'webhooks', id, 'deliveries'] as const;

export function useAlertRules() {
  const api = useApi();
  return useQuery({
    queryKey: rulesKey,
    queryFn: async ({ signal }) => (await api.GET('/alerts/rules', { signal })).data?.data ?? [],
  });
}

/** Adds a rule (no id) or changes one. */
export function useSaveRule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: AlertRuleInput }) => {
      if (id === undefined) await api.POST('/alerts/rules', { body });
      else await api.PUT('/alerts/rules/{id}', { params: { path: { id } }, body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useDeleteRule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/alerts/rules/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: rulesKey }),
  });
}

export function useWebhooks() {
  const api = useApi();
  return useQuery({
    queryKey: webhooksKey,
    queryFn: async ({ signal }) => (await api.GET('/alerts/webhooks', { signal })).data?.data ?? [],
  });
}

/** Adds a webhook; resolves with its secret, shown once. */
export function useCreateWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Schemas['CreateWebhookRequest']) =>
      (await api.POST('/alerts/webhooks', { body })).data?.secret ?? '',
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** Changes a webhook; resolves with the new secret when one was regenerated. */
export function useUpdateWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: Schemas['UpdateWebhookRequest'] }) =>
      (await api.PATCH('/alerts/webhooks/{id}', { params: { path: { id } }, body })).data?.secret,
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useDeleteWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/alerts/webhooks/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksKey }),
  });
}

export function useTestWebhook() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.POST('/alerts/webhooks/{id}/test', { params: { path: { id } } });
    },
    // The delivery runs in the background: the list and the log refresh a moment later.
    onSuccess: (_, id) =>
      setTimeout(() => {
        void client.invalidateQueries({ queryKey: webhooksKey });
        void client.invalidateQueries({ queryKey: deliveriesKey(id) });
      }, 1500),
  });
}

export function useDeliveries(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: deliveriesKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) =>
      (await api.GET('/alerts/webhooks/{id}/deliveries', { params: { path: { id: id ?? 0 } }, signal })).data?.data ??
      [],
  });
}
