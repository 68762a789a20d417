import { DataList, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { useArchivedUrl } from '../api/archives-api';
import { TagBadges } from './archive-tags';

/**
 * One archived URL: its normal form, the sample capture (secret values redacted), the archives that
 * knew it with their captures and status codes, and, when it is interesting, its finding's triage.
 */
export function ArchiveDetail({ id, renderFinding }: { id: number; renderFinding: (findingId: number) => ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const url = useArchivedUrl(id);
  if (url.isPending) return <Skeleton height="24" />;
  if (!url.data) return <Text color="fg.error">{t('archives.notFound')}</Text>;
  const u = url.data;
  const date = (value: string | null) => (value ? format.date(value, { dateStyle: 'medium' }) : '—');
  const rows: [string, ReactNode][] = [
    [
      t('archives.sampleUrl'),
      <Text key="s" as="span" fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
        {u.sample_url}
      </Text>,
    ],
    [t('archives.tags'), <TagBadges key="t" tags={u.tags} />],
    [t('archives.sources.title'), u.providers.map((p) => t(`archives.sources.${p}`)).join(', ')],
    [t('archives.captures'), format.number(u.captures)],
    [t('archives.firstCapture'), date(u.first_captured_at)],
    [t('archives.lastCapture'), date(u.last_captured_at)],
    [t('archives.statusCodes'), u.status_codes.join(', ') || '—'],
    [t('archives.queryKeys'), u.query_keys.join(', ') || '—'],
    [t('archives.extension'), u.extension ?? '—'],
    [t('archives.firstSeen'), date(u.first_seen_at)],
  ];
  return (
    <Stack gap="4">
      <Heading as="h3" size="md" fontFamily="mono" overflowWrap="anywhere">
        {u.url_key}
      </Heading>
      {u.is_demo ? <DemoBadge /> : null}
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {u.finding ? (
        renderFinding(u.finding.id)
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {t('archives.noFinding')}
        </Text>
      )}
    </Stack>
  );
}
