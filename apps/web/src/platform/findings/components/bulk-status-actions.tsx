import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type FindingStatus, useBulkStatus } from '../api/findings-api';
import { StatusMenu } from './status-menu';

const TARGETS: FindingStatus[] = ['in_review', 'confirmed', 'false_positive', 'risk_accepted', 'resolved'];

/** Status change of the selected findings (POST /findings/bulk-status); the workflow may refuse some. */
export function BulkStatusActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const bulk = useBulkStatus();
  const apply = (status: FindingStatus, riskAcceptedUntil?: string) =>
    bulk.mutate(
      { ids, status, ...(riskAcceptedUntil ? { risk_accepted_until: riskAcceptedUntil } : {}) },
      { onSuccess: (result) => (result.refused.length === 0 ? onDone() : undefined) },
    );
  return (
    <HStack gap="2" flexWrap="wrap" alignItems="flex-start">
      <StatusMenu allowed={TARGETS} onChange={apply} busy={bulk.isPending} label={t('findings.bulkStatus')} emphasis />
      {bulk.data ? (
        <Text fontSize="sm" role="status">
          {t('findings.bulkResult', { updated: bulk.data.updated.length, refused: bulk.data.refused.length })}
        </Text>
      ) : null}
    </HStack>
  );
}
