import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ScriptAuthorisation, ScriptBehaviour, ScriptParty, ScriptScan } from './scripts-api';

const partyPalette: Record<ScriptParty, string> = { first: 'gray', third: 'blue', fourth: 'orange' };

/** Who serves the script: the store (first party), another host (third), or a script a third party inserted (fourth). */
export function PartyBadge({ party }: { party: ScriptParty }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={partyPalette[party]} variant="surface" size="sm">
      {t(`scripts.party.${party}`)}
    </Badge>
  );
}

const authorisationPalette: Record<ScriptAuthorisation, string> = {
  pending: 'yellow',
  authorised: 'green',
  denied: 'red',
};

/** Where the script stands in the 6.4.3 inventory: pending a decision, authorised or denied. */
export function AuthorisationBadge({ authorisation }: { authorisation: ScriptAuthorisation }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={authorisationPalette[authorisation]} variant="surface" size="sm">
      {t(`scripts.authorisation.${authorisation}`)}
    </Badge>
  );
}

const alarming: ReadonlySet<ScriptBehaviour> = new Set(['reads_card_fields', 'sends_data']);

/** What the script was seen doing; reading card fields and sending data stand out. */
export function BehaviourBadges({ behaviours }: { behaviours: ScriptBehaviour[] }) {
  const { t } = useTranslation();
  if (behaviours.length === 0) return <>—</>;
  return (
    <HStack gap="1" flexWrap="wrap">
      {behaviours.map((b) => (
        <Badge key={b} size="xs" variant="outline" colorPalette={alarming.has(b) ? 'red' : 'gray'}>
          {t(`scripts.behaviours.${b}`)}
        </Badge>
      ))}
    </HStack>
  );
}

const scanPalette = { running: 'blue', done: 'green', failed: 'red' } as const;

/** Where a page scan is: running, done or failed. */
export function ScanStatusBadge({ status }: { status: ScriptScan['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={scanPalette[status]} variant="subtle" size="sm">
      {t(`scripts.scanStatus.${status}`)}
    </Badge>
  );
}
