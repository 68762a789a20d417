import { HStack, Tabs } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { BreachesTable } from './breaches-table';
import { DevicesTable } from './devices-table';

/** Leaked credentials of the company's domains: breaches and combolists, and infostealer devices. */
export function CredentialsScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'devices' ? 'devices' : 'breaches';
  const [demo, setDemo] = useState(false);
  const onDemo = useCallback((value: boolean) => setDemo(value), []);
  return (
    <>
      <PageHeader
        title={t('screens.credentials.title')}
        trail={[t('nav.groups.leaks')]}
        description={t('credentials.description')}
        status={demo ? <DemoBadge /> : null}
        actions={<HStack gap="2">{slots.renderImport('credentials')}</HStack>}
      />
      <Tabs.Root
        value={tab}
        onValueChange={(event) => setParams(event.value === 'devices' ? { tab: 'devices' } : {})}
        variant="line"
      >
        <Tabs.List mb="4">
          <Tabs.Trigger value="breaches">{t('credentials.tabBreaches')}</Tabs.Trigger>
          <Tabs.Trigger value="devices">{t('credentials.tabDevices')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="breaches">
          {tab === 'breaches' ? <BreachesTable slots={slots} onDemo={onDemo} /> : null}
        </Tabs.Content>
        <Tabs.Content value="devices">
          {tab === 'devices' ? <DevicesTable slots={slots} onDemo={onDemo} /> : null}
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
