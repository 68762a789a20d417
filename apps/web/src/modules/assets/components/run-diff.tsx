import { Heading, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EvidenceList, ListSection } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { useSearchHref } from '@/lib/search-href';
import { useProbeRun } from '../api/probes-api';
import { RunStatusBadge } from './badges';

/** One run: its counts, what changed since the run before (each asset opens), and the findings it moved. */
export function RunDiff({ id }: { id: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const href = useSearchHref();
  const run = useProbeRun(id);
  if (run.isPending) return <Skeleton height="32" />;
  if (!run.data) return <Text color="fg.error">{t('assets.loadFailed')}</Text>;
  const { run: r, changes, findings } = run.data;
  const when = (value: string) => format.date(value, { dateStyle: 'medium', timeStyle: 'short' });
  // An asset or a finding opens on the inventory tab, closing this drawer.
  const open = (changes: Record<string, string>) => href({ tab: null, run: null, ...changes });
  return (
    <Stack gap="5" data-testid="run-diff">
      <EvidenceList
        items={[
          { label: t('assets.run.status'), value: <RunStatusBadge status={r.status} /> },
          { label: t('assets.run.started'), value: when(r.started_at) },
          { label: t('assets.run.finished'), value: r.finished_at ? when(r.finished_at) : null },
          { label: t('assets.run.targets'), value: format.number(r.targets) },
          { label: t('assets.run.checks'), value: format.number(r.checks) },
          { label: t('assets.run.error'), value: r.error },
        ]}
      />
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('assets.run.changes')}
        </Heading>
        {changes.length === 0 ? (
          <Text color="fg.muted">{t('assets.run.noChanges')}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm">
              <Table.Caption srOnly>{t('assets.run.changes')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader scope="col">{t('assets.value')}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{t('assets.run.probe')}</Table.ColumnHeader>
                  <Table.ColumnHeader scope="col">{t('assets.run.change')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {changes.map((c) => (
                  <Table.Row key={`${c.asset_id}:${c.probe}:${c.change}`}>
                    <Table.Cell>
                      <Link asChild colorPalette="blue" overflowWrap="anywhere">
                        <RouterLink to={open({ asset: String(c.asset_id) })}>{c.asset_value}</RouterLink>
                      </Link>
                      {c.from !== null || c.to !== null ? (
                        // What the probe saw before and now, under the asset (results can be long).
                        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
                          {`${c.from ?? '—'} → ${c.to ?? '—'}`}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell>{c.probe ? t(`assets.probes.${c.probe}`) : t('assets.run.asset')}</Table.Cell>
                    <Table.Cell>{t(`assets.run.changeKinds.${c.change}`)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      <ListSection title={t('assets.run.findings')} empty={t('assets.run.noFindings')} testId="run-findings">
        {findings.map((f) => (
          <HStack as="li" key={f.id} gap="2" flexWrap="wrap">
            <Text as="span" fontSize="sm" color="fg.muted">
              {t(`assets.run.findingChanges.${f.change}`)}
            </Text>
            <SeverityBadge severity={f.severity} />
            <StatusBadge status={f.status} />
            <Link asChild colorPalette="blue">
              <RouterLink to={open({ open: String(f.id) })}>{f.title}</RouterLink>
            </Link>
          </HStack>
        ))}
      </ListSection>
    </Stack>
  );
}
