import { Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EvidenceList, ListSection } from '@/components/data-table';
import { DemoBadge, SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { useSearchHref } from '@/lib/search-href';
import { useAsset } from '../api/assets-api';
import { AssetEdit } from './asset-edit';
import { AssetHistory, ProbeResults } from './asset-sections';
import { TypeBadge } from './badges';

/** A type-specific fact as text: a list comma-separated, other structures as JSON. */
function factText(value: unknown): string {
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object')) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** One asset: its facts, tags and owner, relations (each opens), findings (each opens), history and probe results. */
export function AssetDetail({ id, canChange }: { id: number; canChange: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const href = useSearchHref();
  const asset = useAsset(id);
  if (asset.isPending) return <Skeleton height="32" />;
  if (!asset.data) return <Text color="fg.error">{t('assets.loadFailed')}</Text>;
  const a = asset.data;
  const details = Object.entries(a.details).filter(([, value]) => value !== null && value !== '');
  return (
    <Stack gap="5" data-testid="asset-detail">
      <Stack gap="1">
        <HStack gap="2">
          <TypeBadge type={a.type} />
          {a.is_demo ? <DemoBadge /> : null}
        </HStack>
        <Heading as="h3" size="md" overflowWrap="anywhere">
          {a.value}
        </Heading>
      </Stack>
      <EvidenceList
        items={[
          { label: t('assets.belongsTo'), value: a.supplier?.name ?? t('assets.ownInventory') },
          {
            label: t('assets.sourcesLabel'),
            value: a.sources.map((s) => t(`assets.sources.${s}`, { defaultValue: s })).join(', '),
          },
          { label: t('findings.firstSeen'), value: format.date(a.first_seen_at) },
          { label: t('findings.lastSeen'), value: format.date(a.last_seen_at) },
          { label: t('assets.goneSince'), value: a.gone_at ? format.date(a.gone_at) : null },
          { label: t('assets.lastProbed'), value: a.last_probed_at ? format.date(a.last_probed_at) : null },
          ...details.map(([key, value]) => ({
            label: t(`assets.detailFields.${key}`, { defaultValue: key }),
            value: factText(value),
          })),
        ]}
      />
      <AssetEdit asset={a} readOnly={!canChange} />
      <ListSection title={t('assets.relations')} empty={t('assets.noRelations')} testId="asset-relations">
        {a.relations.map((r) => (
          <HStack as="li" key={`${r.direction}:${r.kind}:${r.asset.id}`} gap="2" flexWrap="wrap">
            <Text as="span" fontSize="sm" color="fg.muted">
              {t(`assets.relationKinds.${r.direction}.${r.kind}`)}
            </Text>
            <TypeBadge type={r.asset.type} />
            <Link asChild colorPalette="blue" overflowWrap="anywhere">
              <RouterLink to={href({ asset: String(r.asset.id) })}>{r.asset.value}</RouterLink>
            </Link>
          </HStack>
        ))}
      </ListSection>
      <ListSection title={t('assets.findings')} empty={t('assets.noFindings')} testId="asset-findings">
        {a.findings.map((f) => (
          <HStack as="li" key={f.id} gap="2" flexWrap="wrap">
            <SeverityBadge severity={f.severity} />
            <StatusBadge status={f.status} />
            <Link asChild colorPalette="blue">
              <RouterLink to={href({ open: String(f.id), asset: null })}>{f.title}</RouterLink>
            </Link>
          </HStack>
        ))}
      </ListSection>
      <ProbeResults observations={a.observations} />
      <AssetHistory history={a.history} />
    </Stack>
  );
}
