import { chakra, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import type { FindingDetail } from '../api/findings-api';

/** Every change of a finding: who (a person or an import), when, which field, from → to. */
export function ChangeHistory({ history }: { history: FindingDetail['history'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (history.length === 0) return <Text color="fg.muted">{t('findings.noHistory')}</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
      {[...history].reverse().map((change) => (
        <chakra.li key={change.id} fontSize="sm" borderStartWidth="2px" borderColor="border.emphasized" ps="3">
          <Text color="fg.muted" fontSize="xs">
            <time dateTime={change.at}>{format.date(change.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
            {' · '}
            {change.actor?.name ??
              (change.import_id ? t('findings.byImport', { id: change.import_id }) : t('findings.system'))}
          </Text>
          <Text>
            {t('findings.changed', {
              field: t(`findings.fields.${fieldKey(change.field)}`),
              from: display(change.field, change.from, change.from_user, t),
              to: display(change.field, change.to, change.to_user, t),
            })}
          </Text>
        </chakra.li>
      ))}
    </Stack>
  );
}

const FIELDS = ['status', 'severity', 'assignee', 'risk_accepted_until', 'reopened', 'seen_again'];
function fieldKey(field: string): string {
  return FIELDS.includes(field) ? field : 'other';
}

type Change = FindingDetail['history'][number];

/** A value as people read it: a status or severity in words, an assignee by name (never the id). */
function display(field: string, value: string | null, person: Change['from_user'], t: (key: string) => string): string {
  if (value === null || value === '') return '—';
  // The server names the members of the company; a user id it did not name has left the company.
  if (field === 'assignee') return person ? person.name || person.email : t('findings.formerMember');
  if (field === 'status' || field === 'reopened') return t(`findings.status.${value}`);
  if (field === 'severity') return t(`findings.severity.${value}`);
  return value;
}
