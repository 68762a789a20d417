import { HStack, Tabs } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { ProviderNotice } from '@/components/provider-notice';
import { ProviderRuns } from '@/components/provider-runs';
import { DemoBadge } from '@/components/ui/finding-badges';
import { QueueJobButton } from '@/components/ui/queue-job-button';
import { usePendingProviderRun } from '@/lib/providers-api';
import { CLONES_RUN_MODULE, useStartCloneRun } from './clones-api';
import { ClonesTable } from './clones-table';

/**
 * Store dork search (`/vtexdork`): lookalike and cloned storefronts of the company's stores, found
 * by domain permutations and by searching VTEX fingerprints with the brand's terms, each with a
 * screenshot and its similarity to the real store; the runs and the search provider's state.
 */
export function ClonesScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const canChange = slots.useCanChange();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'runs' ? 'runs' : 'results';
  const [demo, setDemo] = useState(false);
  const onDemo = useCallback((value: boolean) => setDemo(value), []);
  const pending = usePendingProviderRun(CLONES_RUN_MODULE);
  const start = useStartCloneRun();
  return (
    <>
      <PageHeader
        title={t('screens.vtex-dork.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.clones.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {canChange ? (
              <QueueJobButton
                label={t('scripts.clones.runNow')}
                pendingText={pending ? t(`providers.status.${pending.status}`) : null}
                start={start}
                testId="clone-run-status"
              />
            ) : null}
          </HStack>
        }
      />
      <ProviderNotice providers={['web-search']} />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'runs' ? { tab: 'runs' } : {})}
        variant="line"
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="results">{t('scripts.clones.tabResults')}</Tabs.Trigger>
          <Tabs.Trigger value="runs">{t('scripts.clones.tabRuns')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="results">
          {tab === 'results' ? <ClonesTable slots={slots} onDemo={onDemo} /> : null}
        </Tabs.Content>
        <Tabs.Content value="runs">
          {tab === 'runs' ? <ProviderRuns module={CLONES_RUN_MODULE} canCancel={canChange} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
