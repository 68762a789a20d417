import { Badge, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EvidenceText } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import type { AssetDetail } from '../api/assets-api';

/** The latest result of each probe on the asset, as the probe wrote it. */
export function ProbeResults({ observations }: { observations: AssetDetail['observations'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="2" data-testid="probe-results">
      <Heading as="h3" size="sm">
        {t('assets.probeResults')}
      </Heading>
      {observations.length === 0 ? <Text color="fg.muted">{t('assets.notProbed')}</Text> : null}
      {observations.map((o) => (
        <EvidenceText
          key={o.probe}
          label={t('assets.probeResult', {
            probe: t(`assets.probes.${o.probe}`, { defaultValue: o.probe }),
            date: format.date(o.observed_at, { dateStyle: 'medium', timeStyle: 'short' }),
          })}
          text={JSON.stringify(o.result, null, 2)}
        />
      ))}
    </Stack>
  );
}

/** What happened to the asset, newest first: discovered, seen again, changed, gone, tags and owner. */
export function AssetHistory({ history }: { history: AssetDetail['history'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        {t('assets.history')}
      </Heading>
      {history.length === 0 ? <Text color="fg.muted">{t('assets.noHistory')}</Text> : null}
      <chakra.ol listStyleType="none" m="0" p="0" data-testid="asset-history">
        {history.map((h) => (
          <HStack as="li" key={h.id} gap="2" py="1" flexWrap="wrap" fontSize="sm">
            <Text as="span" color="fg.muted">
              {format.date(h.at, { dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
            <Badge size="sm" variant="subtle">
              {t(`assets.changes.${h.change}`)}
            </Badge>
            {h.field ? <Text as="span">{h.field}</Text> : null}
            {h.from_value !== null || h.to_value !== null ? (
              <Text as="span" overflowWrap="anywhere">{`${h.from_value ?? '—'} → ${h.to_value ?? '—'}`}</Text>
            ) : null}
            <Text as="span" color="fg.muted">
              {h.actor?.name ?? (h.source ? t(`assets.sources.${h.source}`, { defaultValue: h.source }) : '')}
            </Text>
          </HStack>
        ))}
      </chakra.ol>
    </Stack>
  );
}
