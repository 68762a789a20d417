import { Box, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { SimpleSelect } from '@/components/ui/simple-select';
import { idOf } from '../scripts/script-table';
import { ComplianceBadge } from '../stores/compliance-badge';
import { DetectionsChart } from './detections-chart';
import { useCompliance, useDetections } from './ecommerce-api';
import { StoreCompliance } from './store-compliance';

type Totals = { pass: number; fail: number; unknown: number };

/**
 * E-commerce (`/Ecommerce`): per store and monitored page, the PCI DSS 6.4.3 status (inventory
 * complete, all authorised, integrity assured) and the 11.6.1 status (scans on schedule, no
 * unhandled alerts) with the reasons, and the script detections per day. One store (`?store_id=`)
 * or all; 30 or 90 days (`?days=`).
 */
export function EcommerceScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const storeId = idOf(params.get('store_id') ?? undefined);
  const days = params.get('days') === '90' ? 90 : 30;
  const all = useCompliance();
  const compliance = useCompliance(storeId);
  const detections = useDetections(days, storeId);
  const stores = compliance.data?.stores ?? [];
  const set = (key: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return (
    <>
      <PageHeader
        title={t('screens.ecommerce.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.ecommerce.description')}
        actions={stores.some((s) => s.is_demo) ? <DemoBadge /> : null}
      />
      <HStack gap="2" mb="4" flexWrap="wrap">
        <SimpleSelect
          label={t('scripts.ecommerce.store')}
          value={storeId ? String(storeId) : ''}
          onChange={(event) => set('store_id', event.currentTarget.value)}
        >
          <option value="">{t('scripts.ecommerce.allStores')}</option>
          {(all.data?.stores ?? []).map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SimpleSelect>
        <SimpleSelect
          label={t('scripts.ecommerce.period')}
          value={String(days)}
          onChange={(event) => set('days', event.currentTarget.value === '90' ? '90' : '')}
        >
          {[30, 90].map((count) => (
            <option key={count} value={String(count)}>
              {t('scripts.ecommerce.lastDays', { count })}
            </option>
          ))}
        </SimpleSelect>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mb="6">
        <TotalsCard title={t('scripts.compliance.pci643')} totals={compliance.data?.pci_6_4_3} testId="totals-643" />
        <TotalsCard title={t('scripts.compliance.pci1161')} totals={compliance.data?.pci_11_6_1} testId="totals-1161" />
      </SimpleGrid>
      <DetectionsChart series={detections.data?.series} days={days} />
      {compliance.isPending ? <Skeleton height="40" /> : null}
      {compliance.isError ? <Text color="fg.error">{t('scripts.manager.loadFailed')}</Text> : null}
      {compliance.data && stores.length === 0 ? (
        <Box borderWidth="1px" borderRadius="l3" p="6" textAlign="center">
          <Heading as="h2" size="sm">
            {t('scripts.ecommerce.noStoresTitle')}
          </Heading>
          <Text color="fg.muted">{t('scripts.ecommerce.noStores')}</Text>
        </Box>
      ) : null}
      <Stack gap="6">
        {stores.map((store) => (
          <StoreCompliance key={store.id} store={store} />
        ))}
      </Stack>
    </>
  );
}

/** How many enabled pages pass, fail or cannot be assessed yet, for one requirement. */
function TotalsCard({ title, totals, testId }: { title: string; totals: Totals | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" data-testid={testId}>
      <Heading as="h2" size="sm" mb="2">
        {title}
      </Heading>
      {totals ? (
        <HStack gap="4" flexWrap="wrap">
          {(['pass', 'fail', 'unknown'] as const).map((status) => (
            <HStack key={status} gap="2">
              <Text fontSize="2xl" fontWeight="semibold">
                {totals[status]}
              </Text>
              <ComplianceBadge status={status} />
            </HStack>
          ))}
        </HStack>
      ) : (
        <Skeleton height="8" />
      )}
      <Text fontSize="xs" color="fg.muted" mt="1">
        {t('scripts.ecommerce.totalsHelp')}
      </Text>
    </Box>
  );
}
