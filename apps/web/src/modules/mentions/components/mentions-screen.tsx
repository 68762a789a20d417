import { HStack, Tabs } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { KeywordsTab } from './keywords-tab';
import { MentionsTable } from './mentions-table';

const TABS = ['mentions', 'keywords'] as const;
type Tab = (typeof TABS)[number];

/** /restrictedenvironment: mentions of the company in closed sources that match its keywords, and the watch list. */
export function MentionsScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const canChange = slots.useCanChange();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((x) => x === params.get('tab')) ?? 'mentions';
  const [demo, setDemo] = useState(false);
  const onDemo = useCallback((value: boolean) => setDemo(value), []);
  return (
    <>
      <PageHeader
        title={t('screens.restricted-environment.title')}
        trail={[t('nav.groups.leaks')]}
        description={t('mentions.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {slots.renderImport('mentions')}
          </HStack>
        }
      />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'mentions' ? {} : { tab: event.value })}
        variant="line"
      >
        <Tabs.List mb="4" flexWrap="wrap">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`mentions.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="mentions">
          {tab === 'mentions' ? <MentionsTable slots={slots} onDemo={onDemo} /> : null}
        </Tabs.Content>
        <Tabs.Content value="keywords">
          {tab === 'keywords' ? <KeywordsTab canChange={canChange} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
