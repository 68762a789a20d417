import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AssetType } from '../api/assets-api';
import type { ProbeRun } from '../api/probes-api';
import type { SupplierTier } from '../api/suppliers-api';

/** An asset's type (domain, IP address, certificate…). */
export function TypeBadge({ type }: { type: AssetType }) {
  const { t } = useTranslation();
  return (
    <Badge variant="surface" size="sm">
      {t(`assets.types.${type}`)}
    </Badge>
  );
}

/** An asset's tags, or a dash. The tags are the company's own words: shown as written, never translated. */
export function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return <>—</>;
  return (
    // `translate` on a Chakra element is read as the CSS property, so the attribute sits on a plain span.
    <HStack gap="1" flexWrap="wrap">
      {tags.map((tag) => (
        <Badge key={tag} size="xs" variant="outline" colorPalette="blue">
          <span translate="no">{tag}</span>
        </Badge>
      ))}
    </HStack>
  );
}

const tierPalette: Record<SupplierTier, string> = { critical: 'red', high: 'orange', medium: 'yellow', low: 'blue' };

/** A supplier's criticality tier. */
export function TierBadge({ tier }: { tier: SupplierTier }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={tierPalette[tier]} variant="surface" size="sm">
      {t(`assets.tiers.${tier}`)}
    </Badge>
  );
}

const runPalette = { running: 'blue', done: 'green', failed: 'red', cancelled: 'orange' } as const;

/** Where a probe run is: running, done, failed or cancelled. */
export function RunStatusBadge({ status }: { status: ProbeRun['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={runPalette[status]} variant="subtle" size="sm">
      {t(`assets.runStatus.${status}`)}
    </Badge>
  );
}
