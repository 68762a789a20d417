import { Badge, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ListSection } from '@/components/data-table';
import { SeverityBadge, StatusBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { useSearchHref } from '@/lib/search-href';
import type { ScriptDetail, ScriptFindingRef } from './scripts-api';

const useWhen = () => {
  const format = useFormat();
  return (value: string) => format.date(value, { dateStyle: 'medium', timeStyle: 'short' });
};

/** The hosts the script contacted, by kind of request, with first and last seen. */
export function Destinations({ destinations }: { destinations: ScriptDetail['destinations'] }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <ListSection
      title={t('scripts.manager.destinations')}
      empty={t('scripts.manager.noDestinations')}
      testId="script-destinations"
    >
      {destinations.map((d) => (
        <HStack as="li" key={d.id} gap="2" flexWrap="wrap" fontSize="sm">
          <Badge size="sm" variant="outline">
            {t(`scripts.manager.destinationKinds.${d.kind}`)}
          </Badge>
          <Text as="span" overflowWrap="anywhere">
            {d.host}
          </Text>
          <Text as="span" color="fg.muted">
            {t('scripts.manager.seenBetween', { first: when(d.first_seen_at), last: when(d.last_seen_at) })}
          </Text>
        </HStack>
      ))}
    </ListSection>
  );
}

/** The attack-pattern rules the latest scan matched, with what matched. */
export function RuleHits({ hits }: { hits: ScriptDetail['rule_hits'] }) {
  const { t } = useTranslation();
  return (
    <ListSection
      title={t('scripts.manager.ruleHits')}
      empty={t('scripts.manager.noRuleHits')}
      testId="script-rule-hits"
    >
      {hits.map((h) => (
        <Stack as="li" key={`${h.rule_id}:${h.scan_id}`} gap="1" fontSize="sm">
          <HStack gap="2" flexWrap="wrap">
            <SeverityBadge severity={h.severity} />
            <Text as="span" fontWeight="medium">
              {h.rule_name}
            </Text>
            <Text as="span" color="fg.muted">
              {t('scripts.manager.ruleFamily', { family: h.family, version: h.rule_version })}
            </Text>
          </HStack>
          {h.excerpt ? (
            <Text as="code" fontSize="xs" overflowWrap="anywhere" whiteSpace="pre-wrap">
              {h.excerpt}
            </Text>
          ) : null}
        </Stack>
      ))}
    </ListSection>
  );
}

/** The blacklist entries the script or its destinations matched. */
export function BlacklistHits({ hits }: { hits: ScriptDetail['blacklist_hits'] }) {
  const { t } = useTranslation();
  return (
    <ListSection
      title={t('scripts.manager.blacklistHits')}
      empty={t('scripts.manager.noBlacklistHits')}
      testId="script-blacklist-hits"
    >
      {hits.map((h) => (
        <HStack as="li" key={`${h.entry_id}:${h.target}`} gap="2" flexWrap="wrap" fontSize="sm">
          <Badge size="sm" colorPalette="red" variant="surface">
            {t(`scripts.manager.blacklistKinds.${h.kind}`)}
          </Badge>
          <Text as="span" overflowWrap="anywhere">
            {h.value}
          </Text>
          <Text as="span" color="fg.muted" overflowWrap="anywhere">
            {t('scripts.manager.blacklistSource', { family: h.family ?? '—', source: h.source, target: h.target })}
          </Text>
        </HStack>
      ))}
    </ListSection>
  );
}

/** Findings raised on the script (or a scan); each opens its triage in `?open=`. */
export function ScriptFindings({
  findings,
  testId = 'script-findings',
}: {
  findings: ScriptFindingRef[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const href = useSearchHref();
  return (
    <ListSection title={t('scripts.manager.findings')} empty={t('scripts.manager.noFindings')} testId={testId}>
      {findings.map((f) => (
        <HStack as="li" key={f.id} gap="2" flexWrap="wrap">
          <Text as="span" fontSize="sm" color="fg.muted">
            {t(`scripts.kinds.${f.kind}`)}
          </Text>
          <SeverityBadge severity={f.severity} />
          <StatusBadge status={f.status} />
          <Link asChild colorPalette="blue">
            <RouterLink to={href({ open: String(f.id), script: null, scan: null })}>{f.title}</RouterLink>
          </Link>
        </HStack>
      ))}
    </ListSection>
  );
}

/** The script's history, newest first: scan changes and authorisation decisions (who, and why). */
export function ScriptHistory({ history }: { history: ScriptDetail['history'] }) {
  const { t } = useTranslation();
  const when = useWhen();
  return (
    <ListSection title={t('scripts.manager.history')} empty={t('scripts.manager.noHistory')} testId="script-history">
      {history.map((h) => (
        <HStack as="li" key={h.id} gap="2" py="1" flexWrap="wrap" fontSize="sm">
          <Text as="span" color="fg.muted">
            {when(h.at)}
          </Text>
          <Badge size="sm" variant="subtle">
            {t(`scripts.manager.changes.${h.change}`)}
          </Badge>
          {h.field ? <Text as="span">{h.field}</Text> : null}
          {h.from_value !== null || h.to_value !== null ? (
            <Text as="span" overflowWrap="anywhere">{`${h.from_value ?? '—'} → ${h.to_value ?? '—'}`}</Text>
          ) : null}
          {h.actor ? (
            <Text as="span" color="fg.muted">
              {h.actor.name}
            </Text>
          ) : null}
        </HStack>
      ))}
    </ListSection>
  );
}
