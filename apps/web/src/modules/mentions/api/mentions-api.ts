import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enumValues, type operations, type Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer, apiQuery } from '@/lib/api-query';

export type Mention = Schemas['Mention'];
export type MentionDetail = Schemas['MentionDetail'];
export type MentionKeyword = Schemas['MentionKeyword'];
export type KeywordClass = Schemas['MentionKeywordClass'];
export type SourceType = Schemas['MentionSourceType'];
export type MentionQuery = NonNullable<operations['listMentions']['parameters']['query']>;

export const KEYWORD_CLASSES: readonly KeywordClass[] = enumValues.MentionKeywordClass;
export const SOURCE_TYPES: readonly SourceType[] = enumValues.MentionSourceType;
/** The import kind of the mentions feed (docs/mentions-feed.md). */

export function useMentions(query: MentionQuery) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['mentions', 'list', query], (signal) => api.GET('/mentions', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** One mention with its text and the ranges of its keywords (plain text: the screen marks them). */
export function useMention(id: number) {
  const api = useApi();
  return useQuery(
    apiQuery(['mentions', 'one', id], (signal) => api.GET('/mentions/{id}', { params: { path: { id } }, signal })),
  );
}

/** The keyword watch list; polled while a re-match runs, and the mentions refreshed when it has ended. */
export function useMentionKeywords() {
  const api = useApi();
  const client = useQueryClient();
  return useQuery({
    queryKey: ['mentions', 'keywords'],
    queryFn: async ({ signal }) => {
      const data = await answer(api.GET('/mentions/keywords', { signal }));
      const before = client.getQueryData<{ rematching: boolean }>(['mentions', 'keywords']);
      if (before?.rematching && !data.rematching) await client.invalidateQueries({ queryKey: ['mentions', 'list'] });
      return data;
    },
    // While a re-match is queued or running, the list follows it.
    refetchInterval: (query) => (query.state.data?.rematching ? 2000 : false),
  });
}

/** Adds, switches or deletes a keyword; the watch list refreshes (and the mentions once re-matched). */
export function useKeywordChange() {
  const api = useApi();
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['mentions', 'keywords'] });
  const create = useMutation({
    mutationFn: async (body: Schemas['MentionKeywordInput']) => {
      const data = await answer(api.POST('/mentions/keywords', { body }));
      return data.data;
    },
    onSuccess,
  });
  const toggle = useMutation({
    mutationFn: async ({ id, enabled }: { id: number; enabled: boolean }) => {
      await api.PATCH('/mentions/keywords/{id}', { params: { path: { id } }, body: { enabled } });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/mentions/keywords/{id}', { params: { path: { id } } });
    },
    onSuccess,
  });
  return { create, toggle, remove };
}
