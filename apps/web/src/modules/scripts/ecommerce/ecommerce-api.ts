import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Schemas } from '@vigil/api-client';
import { useApi } from '@/lib/api-context';
import { answer } from '@/lib/api-query';

export type ComplianceStore = Schemas['Store'];
export type CompliancePage = Schemas['StorePage'];
export type ComplianceStatus = Schemas['ComplianceStatus'];
export type ComplianceReason = Schemas['ComplianceReason'];
export type DetectionDay = Schemas['DetectionDay'];

/** Every store with its pages' PCI DSS 6.4.3 and 11.6.1 status and reasons, and the totals. */
export function useCompliance(storeId?: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'compliance', storeId ?? null],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = storeId ? { store_id: storeId } : {};
      const data = await answer(api.GET('/ecommerce/compliance', { params: { query }, signal }));
      return data.data;
    },
  });
}

/** Script findings first seen per day and kind over the last 30 or 90 days. */
export function useDetections(days: 30 | 90, storeId?: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['scripts', 'detections', days, storeId ?? null],
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const query = { days, ...(storeId ? { store_id: storeId } : {}) };
      const data = await answer(api.GET('/ecommerce/detections', { params: { query }, signal }));
      return data.data;
    },
  });
}
