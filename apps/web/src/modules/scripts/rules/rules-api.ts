import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type JsRule = Schemas['JsRule'];
export type JsRuleInput = Schemas['JsRuleInput'];
export type JsRuleDefinition = Schemas['JsRuleDefinition'];
export type JsRuleVersion = Schemas['JsRuleVersion'];
export type JsRuleOwner = Schemas['JsRuleOwner'];
export type JsRuleBehaviour = Schemas['JsRuleBehaviour'];
export type JsRuleTestInput = Schemas['JsRuleTestInput'];
export type JsRuleQuery = NonNullable<operations['listJsRules']['parameters']['query']>;

export const OWNERS: readonly JsRuleOwner[] = enumValues.JsRuleOwner;
export const BEHAVIOURS: readonly JsRuleBehaviour[] = enumValues.JsRuleBehaviour;

export function useJsRules(query: JsRuleQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['scripts', 'rules', query], (signal) => api.GET('/js-rules', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One rule with its versions, newest first. */
export function useJsRule(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(
      ['scripts', 'rule', id],
      (signal) => api.GET('/js-rules/{id}', { params: { path: { id } }, signal }),
      (body) => body.data,
    ),
  );
}

const refreshRules = (client: ReturnType<typeof useQueryClient>) =>
  client.invalidateQueries({ queryKey: ['scripts'], predicate: ({ queryKey }) => queryKey[1] !== 'rule-test' });

/** Creates a rule of the company's own (no id) or replaces one's fields (a new version). */
export function useSaveJsRule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: JsRuleInput }) => {
      const data = await answer(
        id === null ? api.POST('/js-rules', { body }) : api.PUT('/js-rules/{id}', { params: { path: { id } }, body }),
      );
      return data.data;
    },
    onSuccess: () => refreshRules(client),
  });
}

/** Switches a rule on or off for the company (a default rule for this company only). */
export function useSetJsRuleEnabled() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) => {
      const data = await answer(api.PUT('/js-rules/{id}/enabled', { params: { path: { id } }, body: { enabled } }));
      return data.data;
    },
    onSuccess: () => refreshRules(client),
  });
}

/** Deletes a rule of the company's own; the deleted rule is not read again. */
export function useDeleteJsRule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/js-rules/{id}', { params: { path: { id } } });
    },
    onSuccess: (_answer, id) =>
      client.invalidateQueries({
        queryKey: ['scripts'],
        predicate: ({ queryKey }) => !(queryKey[1] === 'rule' && queryKey[2] === id),
      }),
  });
}

/** Runs a pasted script through the company's enabled rules (or one definition); nothing is stored. */
export function useTestJsRules() {
  const api = useApi();
  return useMutation({
    mutationKey: ['scripts', 'rule-test'],
    mutationFn: async (body: JsRuleTestInput) => {
      const data = await answer(api.POST('/js-rules/test', { body }));
      return data.data;
    },
  });
}
