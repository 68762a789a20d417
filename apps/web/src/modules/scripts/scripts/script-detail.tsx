import { Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { EvidenceList, EvidenceText } from '@/components/data-table';
import { DemoBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { AuthorisationActions } from './authorisation-actions';
import { AuthorisationBadge, BehaviourBadges, PartyBadge } from './badges';
import { BlacklistHits, Destinations, RuleHits, ScriptFindings, ScriptHistory } from './script-sections';
import { type ScriptDetail as Detail, useScript } from './scripts-api';

/**
 * One script of the inventory: its facts (hash now and as authorised, SRI, party and who loaded it),
 * its authorisation and the decision buttons, what it contacts, rule and blacklist hits, its
 * findings (each opens), its history and the start of its content.
 */
export function ScriptDetail({ id, canChange }: { id: number; canChange: boolean }) {
  const { t } = useTranslation();
  const script = useScript(id);
  if (script.isPending) return <Skeleton height="32" />;
  if (!script.data) return <Text color="fg.error">{t('scripts.manager.loadFailed')}</Text>;
  const s = script.data;
  return (
    <Stack gap="5" data-testid="script-detail">
      <Stack gap="1">
        <HStack gap="2" flexWrap="wrap">
          <PartyBadge party={s.party} />
          <AuthorisationBadge authorisation={s.authorisation} />
          {s.is_demo ? <DemoBadge /> : null}
        </HStack>
        <Heading as="h3" size="md" overflowWrap="anywhere">
          {s.kind === 'inline' ? t('scripts.manager.inline', { hash: s.sha256.slice(0, 12) }) : (s.url ?? s.key)}
        </Heading>
      </Stack>
      <ScriptFacts script={s} />
      {canChange ? <AuthorisationActions script={s} /> : null}
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('scripts.manager.behaviour')}
        </Heading>
        <BehaviourBadges behaviours={s.behaviours} />
      </Stack>
      <Destinations destinations={s.destinations} />
      <RuleHits hits={s.rule_hits} />
      <BlacklistHits hits={s.blacklist_hits} />
      <ScriptFindings findings={s.findings} />
      <ScriptHistory history={s.history} />
      {s.content_excerpt !== null ? (
        <EvidenceText
          label={t(s.content_truncated ? 'scripts.manager.excerptTruncated' : 'scripts.manager.excerpt')}
          text={s.content_excerpt}
        />
      ) : null}
    </Stack>
  );
}

/** The 6.4.3 facts: where it runs, who loaded it, what it is, and what was authorised, by whom and why. */
function ScriptFacts({ script: s }: { script: Detail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = (value: string | null) =>
    value ? format.date(value, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const hash = (value: string | null) =>
    value ? (
      <Text as="span" fontFamily="mono" fontSize="xs">
        {value}
      </Text>
    ) : null;
  return (
    <EvidenceList
      items={[
        { label: t('scripts.manager.page'), value: `${s.page.store_name} · ${s.page.url}` },
        { label: t('scripts.manager.kind'), value: t(`scripts.manager.kinds.${s.kind}`) },
        { label: t('scripts.manager.host'), value: s.host },
        { label: t('scripts.manager.loadedByLabel'), value: s.loaded_by ?? t('scripts.manager.loadedByPage') },
        { label: t('scripts.manager.sri'), value: t(s.sri ? 'scripts.manager.yes' : 'scripts.manager.no') },
        { label: t('scripts.manager.size'), value: format.number(s.size) },
        { label: t('scripts.manager.currentHash'), value: hash(s.sha256) },
        {
          label: t('scripts.manager.authorisedHash'),
          value: s.changed ? (
            <Text as="span" color="fg.error">
              {hash(s.authorised_sha256)} {t('scripts.manager.hashMismatch')}
            </Text>
          ) : (
            hash(s.authorised_sha256)
          ),
        },
        { label: t('scripts.manager.authorisedHost'), value: s.authorised_host },
        {
          label: t('scripts.manager.authorisedBy'),
          value: s.authorised_by ? t(`scripts.manager.by.${s.authorised_by}`) : null,
        },
        { label: t('scripts.manager.justification'), value: s.justification },
        { label: t('scripts.manager.approver'), value: s.approver?.name },
        { label: t('scripts.manager.approvedAt'), value: when(s.approved_at) },
        { label: t('findings.firstSeen'), value: when(s.first_seen_at) },
        { label: t('findings.lastSeen'), value: when(s.last_seen_at) },
        { label: t('scripts.manager.removedAt'), value: when(s.removed_at) },
      ]}
    />
  );
}
