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
import { useFormat } from '@/lib/i18n/format';
import { usePendingProviderRun } from '@/lib/providers-api';
import { useStartDorkRun } from '../api/dorks-api';
import { CatalogueTable } from './catalogue-table';
import { ResultsTable } from './results-table';

const TABS = ['results', 'catalogue', 'runs'] as const;
type Tab = (typeof TABS)[number];

/**
 * Search-engine dorks (`/googledork`): what search engines show of the company's sites. Results in
 * the shared triage workflow, the dork catalogue (Vigil's templates, the GHDB, the company's own)
 * and the runs through the web search provider; saved results pages can be imported instead.
 */
export function DorksScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const format = useFormat();
  const canChange = slots.useCanChange();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'results';
  const [demo, setDemo] = useState(false);
  const onDemo = useCallback((value: boolean) => setDemo(value), []);
  const run = usePendingProviderRun('dorks');
  const start = useStartDorkRun();
  const pending = run
    ? t(`dorks.runStatus.${run.status}`, {
        done: format.number(run.queries_done),
        total: format.number(run.queries_total),
      })
    : null;
  return (
    <>
      <PageHeader
        title={t('screens.google-dork.title')}
        trail={[t('nav.groups.leaks')]}
        description={t('dorks.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {slots.renderImport('dorks')}
            {canChange ? (
              <QueueJobButton label={t('dorks.runNow')} pendingText={pending} start={start} testId="dork-run-status" />
            ) : null}
          </HStack>
        }
      />
      <ProviderNotice providers={['web-search']} />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'results' ? {} : { tab: event.value })}
        variant="line"
      >
        <Tabs.List mb="4">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`dorks.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="results">
          {tab === 'results' ? <ResultsTable slots={slots} onDemo={onDemo} /> : null}
        </Tabs.Content>
        <Tabs.Content value="catalogue">
          {tab === 'catalogue' ? <CatalogueTable canChange={canChange} /> : null}
        </Tabs.Content>
        <Tabs.Content value="runs">
          {tab === 'runs' ? <ProviderRuns module="dorks" canCancel={canChange} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
