import { Alert, Badge, Box, Heading, SimpleGrid, Stack, Stat, Table, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import { type OperatorStatus, useOperatorStatus } from '../api/operator-api';

const statusPalette: Record<string, string> = {
  succeeded: 'green',
  running: 'blue',
  queued: 'gray',
  failed: 'red',
  dead: 'red',
  cancelled: 'orange',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4">
      <Heading as="h2" size="sm" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function SimpleTable({ head, rows, empty }: { head: string[]; rows: ReactNode[][]; empty: string }) {
  if (rows.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {head.map((h) => (
              <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((cells, i) => (
            // Rows are the server's order and never reorder in place.
            // biome-ignore lint/suspicious/noArrayIndexKey: a static snapshot's rows
            <Table.Row key={i}>
              {cells.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column list
                <Table.Cell key={j}>{cell}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function StatusBadge({ status }: { status: string | null }) {
  const { t } = useTranslation();
  if (!status) return <Text color="fg.muted">—</Text>;
  return <Badge colorPalette={statusPalette[status] ?? 'gray'}>{t(`operator.status.${status}`, status)}</Badge>;
}

function Content({ status }: { status: OperatorStatus }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = (value: string | null) =>
    value ? format.date(value, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
  const mib = (bytes: number) => `${format.number(bytes / 1_048_576, { maximumFractionDigits: 1 })} MiB`;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {(['queued', 'running', 'failed', 'dead'] as const).map((key) => (
          <Stat.Root key={key} borderWidth="1px" borderRadius="l2" p="3">
            <Stat.Label>{t(`operator.status.${key}`)}</Stat.Label>
            <Stat.ValueText data-testid={`jobs-${key}`}>{format.number(status.jobs.counts[key] ?? 0)}</Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Section title={t('operator.catalogue.title')}>
        {status.catalogue_sync ? null : (
          <Alert.Root status="info" mb="3">
            <Alert.Indicator />
            <Alert.Title>{t('operator.catalogue.syncOff')}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleTable
          head={[
            t('operator.catalogue.feed'),
            t('operator.catalogue.rows'),
            t('operator.catalogue.lastSuccess'),
            t('operator.catalogue.lastAttempt'),
            t('operator.catalogue.lastError'),
          ]}
          empty=""
          rows={status.catalogue.map((f) => [
            f.feed.toUpperCase(),
            format.number(f.rows),
            when(f.last_success_at),
            when(f.last_attempt_at),
            f.last_error ? (
              <Text key="error" color="fg.error">
                {f.last_error}
              </Text>
            ) : (
              '—'
            ),
          ])}
        />
      </Section>
      <Section title={t('operator.schedules.title')}>
        <SimpleTable
          head={[
            t('operator.schedules.kind'),
            t('operator.schedules.cron'),
            t('operator.schedules.lastRun'),
            t('operator.schedules.lastStatus'),
            t('operator.schedules.nextRun'),
          ]}
          empty={t('operator.schedules.none')}
          rows={status.schedules.map((s) => [
            s.company ? `${s.kind} · ${s.company}` : s.kind,
            <code key="cron">{s.cron}</code>,
            when(s.last_run_at),
            <StatusBadge key="status" status={s.last_status} />,
            s.enabled ? when(s.next_run_at) : t('operator.schedules.off'),
          ])}
        />
      </Section>
      <Section title={t('operator.failures.title')}>
        <SimpleTable
          head={[
            '#',
            t('operator.failures.kind'),
            t('operator.failures.company'),
            t('operator.failures.status'),
            t('operator.failures.reason'),
            t('operator.failures.ended'),
          ]}
          empty={t('operator.failures.none')}
          rows={status.jobs.failures.map((j) => [
            j.id,
            j.kind,
            j.company ?? t('operator.platform'),
            <StatusBadge key="status" status={j.status} />,
            j.error ?? '—',
            when(j.finished_at),
          ])}
        />
      </Section>
      <Section title={t('operator.storage.title')}>
        <SimpleTable
          head={[
            t('operator.storage.company'),
            t('operator.storage.pending'),
            t('operator.storage.openJobs'),
            t('operator.storage.findings'),
          ]}
          empty={t('operator.storage.none')}
          rows={status.storage.map((c) => [
            c.company,
            mib(c.pending_upload_bytes),
            format.number(c.open_jobs),
            format.number(c.findings),
          ])}
        />
      </Section>
    </Stack>
  );
}

/** `/operator`: the platform's jobs and schedules, the catalogue's freshness, storage per company. */
export function OperatorStatusScreen() {
  const { t } = useTranslation();
  const status = useOperatorStatus();
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t('operator.title')}
      </Heading>
      {status.error ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>
            {status.error instanceof ApiError && status.error.status === 403
              ? t('operator.forbidden')
              : t('operator.failed')}
          </Alert.Title>
        </Alert.Root>
      ) : status.data ? (
        <Content status={status.data} />
      ) : (
        <Text color="fg.muted">{t('operator.loading')}</Text>
      )}
    </Stack>
  );
}
