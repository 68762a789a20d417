import { HStack, Tabs } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { ProviderNotice } from '@/components/provider-notice';
import { ProviderRuns } from '@/components/provider-runs';
import { DemoBadge } from '@/components/ui/finding-badges';
import { IncidentsTable } from './incidents-table';
import { RulesList } from './rules-list';
import { SearchNow } from './search-now';
import { SearchSettings } from './search-settings';

const TABS = ['incidents', 'search', 'rules', 'runs'] as const;
type Tab = (typeof TABS)[number];

/** /gitdork: secrets of the company found in public code, what is searched and allowed, the rules, the runs. */
export function SecretsScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const canChange = slots.useCanChange();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'incidents';
  const [demo, setDemo] = useState(false);
  const onDemo = useCallback((value: boolean) => setDemo(value), []);
  return (
    <>
      <PageHeader
        title={t('screens.git-dork.title')}
        trail={[t('nav.groups.leaks')]}
        description={t('secrets.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {canChange ? <SearchNow /> : null}
            {slots.renderImport('secrets')}
          </HStack>
        }
      />
      <ProviderNotice providers={['github']} />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'incidents' ? {} : { tab: event.value })}
        variant="line"
      >
        <Tabs.List mb="4" flexWrap="wrap">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`secrets.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="incidents">
          {tab === 'incidents' ? <IncidentsTable slots={slots} onDemo={onDemo} /> : null}
        </Tabs.Content>
        <Tabs.Content value="search">{tab === 'search' ? <SearchSettings canChange={canChange} /> : null}</Tabs.Content>
        <Tabs.Content value="rules">{tab === 'rules' ? <RulesList /> : null}</Tabs.Content>
        <Tabs.Content value="runs">
          {tab === 'runs' ? <ProviderRuns module="secrets" canCancel={canChange} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
