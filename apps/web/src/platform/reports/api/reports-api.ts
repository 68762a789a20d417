import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { apiQuery } from '@/lib/api-query';
import { apiUrl } from '@/lib/api-url';

export type Report = Schemas['Report'];
export type ReportRequest = Schemas['ReportRequest'];
export type ReportData = Schemas['ReportData'];
export type ReportModule = Schemas['ReportModule'];
export type ReportSchedule = Schemas['ReportSchedule'];
export type ReportScheduleInput = Schemas['ReportScheduleInput'];

const reportsKey = ['reports'] as const;
const scheduleKey = ['reports', 'schedule'] as const;
const membersKey = ['reports', 'members'] as const;

const working = (report: Report) => report.status === 'queued' || report.status === 'rendering';

/** The company's report history, asked again every two seconds while one is being made. */
export function useReports() {
  const api = useApi();
  return useQuery({
    queryKey: reportsKey,
    queryFn: async ({ signal }) => (await api.GET('/reports', { signal })).data?.data ?? [],
    refetchInterval: (query) => (query.state.data?.some(working) ? 2000 : false),
  });
}

export function useCreateReport() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportRequest) => (await api.POST('/reports', { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}

export function useDeleteReport() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.DELETE('/reports/{id}', { params: { path: { id } } });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: reportsKey }),
  });
}

/** The PDF of a done report (a plain download link: the session cookie authorises it). */
export const reportPdfHref = (id: number) => apiUrl(`/reports/${id}/pdf`);

export function useReportSchedule() {
  const api = useApi();
  return useQuery(apiQuery(scheduleKey, (signal) => api.GET('/report-schedule', { signal })));
}

export function useUpdateSchedule() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReportScheduleInput) => (await api.PUT('/report-schedule', { body })).data,
    onSuccess: (data) => client.setQueryData(scheduleKey, data),
  });
}

/** The company's active members, the schedule's possible recipients (administrators only). */
export function useRecipientChoices(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: membersKey,
    enabled,
    queryFn: async ({ signal }) =>
      ((await api.GET('/members', { signal })).data?.data ?? []).filter((member) => member.status === 'active'),
  });
}

/** The print view's one call, with the renderer's print token (never a session). */
export function useReportData(id: number, token: string) {
  const api = useApi();
  return useQuery({
    ...apiQuery(['reports', 'print', id], (signal) =>
      api.GET('/reports/{id}/data', {
        params: { path: { id }, header: { 'X-Report-Token': token } },
        signal,
      }),
    ),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
