import { Code, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EvidenceList } from '@/components/data-table';
import { ExternalLink } from '@/components/ui/external-link';
import { useFormat } from '@/lib/i18n/format';
import { useDevice } from '../api/credentials-api';

/** An infected machine: what ran on it, when, and the company URLs and accounts its log held. */
export function DeviceDetail({ id, triage }: { id: number; triage: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const device = useDevice(id);
  if (device.isPending) return <Skeleton height="32" />;
  if (!device.data) return <Text color="fg.error">{t('dataTable.loadFailed')}</Text>;
  const d = device.data.data;
  return (
    <Stack gap="5">
      <EvidenceList
        items={[
          { label: t('credentials.machine'), value: d.machine_name },
          { label: t('credentials.malwareFamily'), value: d.malware_family },
          { label: t('credentials.infectionDate'), value: d.infection_date ? format.date(d.infection_date) : null },
          { label: t('credentials.os'), value: d.os },
          { label: t('credentials.ip'), value: d.ip },
          { label: t('credentials.country'), value: d.country },
        ]}
      />
      <Heading as="h3" size="sm">
        {t('credentials.urls', { count: d.urls.length })}
      </Heading>
      <Stack as="ul" gap="1" fontSize="sm" ps="4">
        {d.urls.map((url) => (
          <li key={url}>
            <ExternalLink url={url} wordBreak="break-all" />
          </li>
        ))}
      </Stack>
      <Heading as="h3" size="sm">
        {t('credentials.deviceAccounts', { count: device.data.credentials.length })}
      </Heading>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('credentials.email')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('credentials.url')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('credentials.password')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {device.data.credentials.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell>{c.email}</Table.Cell>
              <Table.Cell wordBreak="break-all">{c.url ?? '—'}</Table.Cell>
              <Table.Cell>{c.password_masked ? <Code>{c.password_masked}</Code> : '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {triage}
    </Stack>
  );
}
