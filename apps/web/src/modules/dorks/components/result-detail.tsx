import { Badge, HStack, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EvidenceList } from '@/components/data-table';
import { ExternalLink } from '@/components/ui/external-link';
import { useFormat } from '@/lib/i18n/format';
import { useDorkResult } from '../api/dorks-api';

/**
 * One page a search engine showed for the company's dorks: where it is, what the engine said of it,
 * the dorks that found it and how often, then the shared triage.
 */
export function ResultDetail({ id, triage }: { id: number; triage: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const result = useDorkResult(id);
  if (result.isPending) return <Skeleton height="32" />;
  if (!result.data) return <>{triage}</>;
  const r = result.data;
  return (
    <Stack gap="5">
      <EvidenceList
        items={[
          { label: t('dorks.page'), value: <ExternalLink url={r.url} /> },
          { label: t('dorks.pageTitle'), value: r.page_title || null },
          { label: t('dorks.snippet'), value: r.snippet || null },
          { label: t('dorks.category'), value: t(`dorks.categories.${r.category}`) },
          {
            label: t('dorks.foundBy'),
            value: r.dorks.length ? (
              <HStack gap="1" flexWrap="wrap">
                {r.dorks.map((d) => (
                  <Badge key={d.id} size="xs" variant="outline">
                    {`${d.title} · ${t(`dorks.sources.${d.source}`)}`}
                  </Badge>
                ))}
              </HStack>
            ) : null,
          },
          { label: t('dorks.provider'), value: r.provider === 'import' ? t('dorks.imported') : r.provider },
          { label: t('dorks.seenCount'), value: format.number(r.seen_count) },
          { label: t('findings.firstSeen'), value: format.date(r.first_seen_at) },
          { label: t('findings.lastSeen'), value: format.date(r.last_seen_at) },
        ]}
      />
      {triage}
    </Stack>
  );
}
