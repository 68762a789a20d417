import { Code, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EvidenceList, ListSection } from '@/components/data-table';
import { ExternalLink } from '@/components/ui/external-link';
import { useFormat } from '@/lib/i18n/format';
import { type SecretOccurrence, useSecretIncident } from '../api/secrets-api';

/**
 * One secret found in public code: its rule, the redacted secret (the clear secret is never stored
 * nor sent), and every place it was seen with the commit, author and a link to the line.
 */
export function IncidentDetail({ id, triage }: { id: number; triage: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const incident = useSecretIncident(id);
  if (incident.isPending) return <Skeleton height="32" />;
  if (!incident.data) return <>{triage}</>;
  const { data: s, occurrences } = incident.data;
  return (
    <Stack gap="5">
      <EvidenceList
        items={[
          { label: t('secrets.rule'), value: `${s.rule_description} (${s.rule_id})` },
          { label: t('secrets.secret'), value: <Code>{s.redacted}</Code> },
          { label: t('secrets.entropy'), value: s.entropy === null ? null : format.number(s.entropy) },
          { label: t('secrets.validity'), value: t(`secrets.validities.${s.validity}`) },
          { label: t('secrets.repositories'), value: s.repositories },
          { label: t('findings.firstSeen'), value: format.date(s.first_seen_at) },
          { label: t('findings.lastSeen'), value: format.date(s.last_seen_at) },
        ]}
      />
      <ListSection
        title={t('secrets.occurrencesTitle', { count: s.occurrences })}
        empty={t('secrets.occurrencesEmpty')}
        testId="secret-occurrences"
      >
        {occurrences.map((o) => (
          <Occurrence key={o.id} occurrence={o} />
        ))}
      </ListSection>
      {triage}
    </Stack>
  );
}

function Occurrence({ occurrence: o }: { occurrence: SecretOccurrence }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack as="li" gap="1" borderWidth="1px" borderRadius="md" p="3">
      <Text fontWeight="medium" overflowWrap="anywhere">
        {o.repository}
      </Text>
      <Text fontSize="sm" overflowWrap="anywhere">
        {t('secrets.lineOf', { file: o.file_path, line: o.line })}
      </Text>
      {o.fragment ? (
        <Code display="block" whiteSpace="pre-wrap" overflowWrap="anywhere" aria-label={t('secrets.fragment')}>
          {o.fragment}
        </Code>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        {[
          o.author ? `${t('secrets.author')}: ${o.author}` : null,
          o.committed_at ? `${t('secrets.committedAt')}: ${format.date(o.committed_at)}` : null,
          o.commit_sha ? `${t('secrets.commit')}: ${o.commit_sha.slice(0, 12)}` : null,
          t(`secrets.providers.${o.provider === 'github' ? 'github' : 'gitleaks'}`),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {o.url ? <ExternalLink url={o.url} fontSize="sm" /> : null}
    </Stack>
  );
}
