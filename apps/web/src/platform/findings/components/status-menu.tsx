import { Button, chakra, HStack, Menu } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { AppIcon } from '@/components/ui/icons';
import type { FindingStatus } from '../api/findings-api';

export interface StatusMenuProps {
  /** The finding's status (not offered); none for several findings at once. */
  current?: FindingStatus;
  /** The statuses the workflow allows from `current` (the server says which). */
  allowed: FindingStatus[];
  onChange: (status: FindingStatus, riskAcceptedUntil?: string) => void;
  busy?: boolean;
  label?: string;
  /** A solid trigger (the bulk action of a selection) instead of an outlined one. */
  emphasis?: boolean;
}

/** Moves findings along the workflow; only allowed transitions are offered, risk acceptance asks until when. */
export function StatusMenu({ current, allowed, onChange, busy, label, emphasis }: StatusMenuProps) {
  const { t } = useTranslation();
  const [askUntil, setAskUntil] = useState(false);
  const [until, setUntil] = useState('');
  const dateId = useId();
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const options = allowed.filter((status) => status !== current);
  return (
    <chakra.div>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button
            size="sm"
            variant={emphasis ? 'solid' : 'outline'}
            colorPalette={emphasis ? 'blue' : undefined}
            disabled={busy || options.length === 0}
            loading={busy}
          >
            {label ?? t('findings.changeStatus')}
            <AppIcon name="chevronDown" boxSize="4" />
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content minW="48">
            {options.map((status) => (
              // The item's own click (pointer, or Enter through zag's click on the highlighted item).
              <Menu.Item
                key={status}
                value={status}
                onClick={() => (status === 'risk_accepted' ? setAskUntil(true) : onChange(status))}
              >
                {t(`findings.status.${status}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {askUntil ? (
        <chakra.form
          mt="2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!until) return;
            onChange('risk_accepted', new Date(`${until}T23:59:59.000Z`).toISOString());
            setAskUntil(false);
          }}
        >
          <chakra.label htmlFor={dateId} fontSize="sm" display="block" mb="1">
            {t('findings.riskAcceptedUntil')}
          </chakra.label>
          <HStack gap="2">
            <DateField id={dateId} required min={tomorrow} value={until} onChange={setUntil} />
            <Button size="sm" type="submit" colorPalette="yellow">
              {t('findings.acceptRisk')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAskUntil(false)}>
              {t('findings.cancel')}
            </Button>
          </HStack>
        </chakra.form>
      ) : null}
    </chakra.div>
  );
}
