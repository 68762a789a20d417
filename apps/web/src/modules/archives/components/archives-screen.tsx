import { HStack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FindingDrawer, type FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { ProviderNotice } from '@/components/provider-notice';
import { ProviderRuns } from '@/components/provider-runs';
import { QueueJobButton } from '@/components/ui/queue-job-button';
import { usePendingArchiveRuns, useStartArchiveRuns } from '../api/archives-api';
import { ArchiveTable } from './archive-table';

const TABS = ['urls', 'runs'] as const;
type Tab = (typeof TABS)[number];

/**
 * Further dork search (`/gaudork`): the archived URLs of the company's domains from the web archives
 * (Wayback CDX, Common Crawl, OTX, urlscan) and imported lists, one row per normalised URL, tagged;
 * the interesting ones are findings (`?open=<finding id>`). Analysts and administrators sweep the
 * archives now; the runs tab follows each archive's run.
 */
export function ArchivesScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((v) => v === params.get('tab')) ?? 'urls';
  const canChange = slots.useCanChange();
  return (
    <>
      <PageHeader
        title={t('screens.gau-dork.title')}
        trail={[t('nav.groups.leaks')]}
        description={t('archives.description')}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {slots.renderImport('archives')}
            {canChange ? <RunNow /> : null}
          </HStack>
        }
      />
      <ProviderNotice providers={['wayback', 'commoncrawl', 'otx', 'urlscan']} />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'urls' ? {} : { tab: event.value })}
        variant="line"
      >
        <Tabs.List mb="4">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`archives.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="urls">{tab === 'urls' ? <ArchiveTable slots={slots} /> : null}</Tabs.Content>
        <Tabs.Content value="runs">
          {tab === 'runs' ? <ProviderRuns module="archives" canCancel={canChange} /> : null}
        </Tabs.Content>
      </Tabs.Root>
      <FindingDrawer title={t('archives.findingTitle')} renderFinding={slots.renderFinding} />
    </>
  );
}

/** Sweeps every configured archive now; while runs are under way, says how many. */
function RunNow() {
  const { t } = useTranslation();
  const pending = usePendingArchiveRuns();
  const start = useStartArchiveRuns();
  const count = pending.data?.length ?? 0;
  return (
    <QueueJobButton
      label={t('archives.runNow')}
      pendingText={count > 0 ? t('archives.pending', { count }) : null}
      start={{ isPending: start.isPending, error: start.error, mutate: () => start.mutate() }}
      testId="archive-runs-pending"
    />
  );
}
