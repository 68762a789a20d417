import { Badge, Code, HStack, Link, Skeleton, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EvidenceList } from '@/components/data-table';
import { ExternalLink } from '@/components/ui/external-link';
import { useFormat } from '@/lib/i18n/format';
import { useCredential } from '../api/credentials-api';
import { dataClassLabel } from './data-class-label';

/**
 * One leaked account: who, where it leaked (breach, combolist file or stealer log), when, and the
 * password as the API keeps it (masked: the clear password is never stored nor sent).
 */
export function CredentialDetail({ id, triage }: { id: number; triage: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const credential = useCredential(id);
  if (credential.isPending) return <Skeleton height="32" />;
  // Not a credential of this tab (a device's finding opened from the timeline): the triage alone.
  if (!credential.data) return <>{triage}</>;
  const c = credential.data;
  return (
    <Stack gap="5">
      <EvidenceList
        items={[
          { label: t('credentials.email'), value: c.email },
          {
            label: t('credentials.source'),
            value: `${c.source_name} · ${t(`credentials.sourceKinds.${c.source_kind}`)}`,
          },
          { label: t('credentials.domain'), value: c.domain },
          { label: t('credentials.breachDate'), value: c.breach_date ? format.date(c.breach_date) : null },
          { label: t('findings.firstSeen'), value: format.date(c.first_seen_at) },
          { label: t('findings.lastSeen'), value: format.date(c.last_seen_at) },
          {
            label: t('credentials.password'),
            value: c.password_masked ? <Code>{c.password_masked}</Code> : t('credentials.passwordTypes.none'),
          },
          {
            label: t('credentials.dataClasses'),
            value: c.data_classes.length ? (
              <HStack gap="1" flexWrap="wrap">
                {c.data_classes.map((dataClass) => (
                  <Badge key={dataClass} size="xs" variant="surface">
                    {dataClassLabel(t, dataClass)}
                  </Badge>
                ))}
              </HStack>
            ) : null,
          },
          { label: t('credentials.url'), value: c.url ? <ExternalLink url={c.url} /> : null },
          {
            label: t('credentials.device'),
            value: c.device_id ? (
              <Link asChild colorPalette="blue">
                <RouterLink to={`?tab=devices&open=${c.device_id}`}>{t('credentials.openDevice')}</RouterLink>
              </Link>
            ) : null,
          },
        ]}
      />
      {triage}
    </Stack>
  );
}
