import { Alert, Badge, Code, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type Evidence, EvidenceList } from '@/components/data-table';
import { SimpleTable } from '@/components/ui/simple-table';
import { useFormat } from '@/lib/i18n/format';
import { useCatalogueCve } from '../api/catalogue-api';
import { CatalogueSeverity } from './catalogue-severity';

/** One CVE of the catalogue: every source's fields, and whether the company's watch list matches it and why. */
export function CatalogueDetail({ cveId }: { cveId: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const answer = useCatalogueCve(cveId);
  if (answer.isPending) return <Skeleton height="32" />;
  if (answer.isError) return <Text color="fg.error">{t('cves.catalogue.loadError')}</Text>;
  const { cve, missing } = answer.data;
  if (!cve) {
    return (
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{missing}</Alert.Title>
      </Alert.Root>
    );
  }
  const c = cve.data;
  const { freshness } = cve;
  const facts: Evidence[] = [
    {
      label: t('cves.catalogue.severity'),
      value:
        c.severity === null ? (
          t('cves.catalogue.notScored')
        ) : (
          <HStack gap="2">
            <CatalogueSeverity severity={c.severity} />
            <Text fontSize="sm">{t('cves.catalogue.fromVersion', { version: c.severity_source ?? '—' })}</Text>
          </HStack>
        ),
    },
    ...c.cvss.map((s) => ({
      label: t('cves.catalogue.cvssVersion', { version: s.version }),
      value: s.vector ? `${s.score.toFixed(1)} · ${s.vector}` : s.score.toFixed(1),
    })),
    {
      label: t('cves.published'),
      value: c.published_at === null ? t('cves.catalogue.notPublished') : format.date(c.published_at),
    },
    { label: t('cves.catalogue.cwe'), value: c.cwes.length > 0 ? c.cwes.join(', ') : null },
    {
      label: t('cves.epss'),
      value:
        c.epss === null
          ? null
          : t('cves.catalogue.epssOn', {
              score: format.number(c.epss.score, { style: 'percent', maximumFractionDigits: 2 }),
              percentile: format.number(c.epss.percentile ?? 0, { style: 'percent', maximumFractionDigits: 0 }),
              date: c.epss.date ?? '—',
            }),
    },
    {
      label: t('cves.kev'),
      value:
        c.kev === null
          ? t('cves.no')
          : t('cves.catalogue.kevAdded', {
              date: c.kev.date_added,
              due: c.kev.due_date ?? '—',
              ransomware: c.kev.ransomware ?? '—',
            }),
    },
    ...(c.kev?.required_action ? [{ label: t('cves.catalogue.requiredAction'), value: c.kev.required_action }] : []),
  ];
  return (
    <Stack gap="5">
      <Heading as="h3" size="md">
        {c.cve_id}
      </Heading>
      <Text>{c.description}</Text>
      <Alert.Root status={c.watch.matched ? 'warning' : 'neutral'}>
        <Alert.Indicator />
        <Alert.Title>
          {c.watch.matched
            ? t('cves.catalogue.watchMatch', {
                items: c.watch.items.map((w) => `${w.vendor}:${w.product ?? '*'} (${w.matched.join(', ')})`).join('; '),
              })
            : t('cves.catalogue.watchNoMatch')}
        </Alert.Title>
      </Alert.Root>
      <EvidenceList items={facts} />
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {t('cves.catalogue.configurations')}
        </Heading>
        <SimpleTable
          caption={t('cves.catalogue.configurations')}
          headers={[t('cves.vendor'), t('cves.catalogue.product'), t('cves.catalogue.source')]}
          rows={c.products.map((p) => [
            p.vendor,
            p.product,
            <Badge key="source" size="sm">
              {p.source.toUpperCase()}
            </Badge>,
          ])}
          empty={t('cves.catalogue.noConfigurations')}
        />
        <HStack gap="1" flexWrap="wrap">
          {c.cpes.slice(0, 12).map((cpe) => (
            <Code key={cpe} fontSize="xs">
              {cpe}
            </Code>
          ))}
        </HStack>
      </Stack>
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {t('cves.references')}
        </Heading>
        <Link href={`https://nvd.nist.gov/vuln/detail/${c.cve_id}`} target="_blank" rel="noreferrer noopener">
          {t('cves.nvdLink', { id: c.cve_id })}
        </Link>
        {c.references.slice(0, 30).map((r) => (
          <Link key={r.url} href={r.url} target="_blank" rel="noreferrer noopener" fontSize="sm" wordBreak="break-all">
            {r.url}
          </Link>
        ))}
      </Stack>
      <Text fontSize="sm" color="fg.muted" data-testid="catalogue-freshness">
        {t('cves.catalogue.freshness', {
          nvd: freshness.nvd_newest_published_at ? format.date(freshness.nvd_newest_published_at) : '—',
          kev: freshness.kev_catalog_version ?? '—',
          sync: freshness.last_nvd_sync_at ? format.date(freshness.last_nvd_sync_at) : t('cves.catalogue.never'),
        })}
      </Text>
    </Stack>
  );
}
