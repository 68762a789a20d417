import { Button, chakra, HStack, Menu, Text, useRecipe } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '@/components/ui/icons';
import { type FindingStatus, useBulkStatus } from '../api/findings-api';

const TARGETS: FindingStatus[] = ['in_review', 'confirmed', 'false_positive', 'risk_accepted', 'resolved'];

/** Status change of the selected findings (POST /findings/bulk-status); the workflow may refuse some. */
export function BulkStatusActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const recipe = useRecipe({ key: 'input' });
  const bulk = useBulkStatus();
  const [askUntil, setAskUntil] = useState(false);
  const [until, setUntil] = useState('');
  const dateId = useId();
  const apply = (status: FindingStatus, riskAcceptedUntil?: string) =>
    bulk.mutate(
      { ids, status, ...(riskAcceptedUntil ? { risk_accepted_until: riskAcceptedUntil } : {}) },
      { onSuccess: (result) => (result.refused.length === 0 ? onDone() : undefined) },
    );
  return (
    <HStack gap="2" flexWrap="wrap">
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button size="sm" colorPalette="blue" loading={bulk.isPending}>
            {t('findings.bulkStatus')}
            <AppIcon name="chevronDown" boxSize="4" />
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content>
            {TARGETS.map((status) => (
              <Menu.Item
                key={status}
                value={status}
                onClick={() => (status === 'risk_accepted' ? setAskUntil(true) : apply(status))}
              >
                {t(`findings.status.${status}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {askUntil ? (
        <chakra.form
          display="flex"
          gap="2"
          alignItems="center"
          onSubmit={(event) => {
            event.preventDefault();
            if (until) apply('risk_accepted', new Date(`${until}T23:59:59.000Z`).toISOString());
            setAskUntil(false);
          }}
        >
          <chakra.label htmlFor={dateId} fontSize="sm">
            {t('findings.riskAcceptedUntil')}
          </chakra.label>
          <chakra.input
            id={dateId}
            type="date"
            required
            value={until}
            onChange={(event) => setUntil(event.currentTarget.value)}
            css={recipe({ size: 'sm', variant: 'outline' })}
            width="auto"
          />
          <Button size="sm" type="submit">
            {t('findings.acceptRisk')}
          </Button>
        </chakra.form>
      ) : null}
      {bulk.data ? (
        <Text fontSize="sm" role="status">
          {t('findings.bulkResult', { updated: bulk.data.updated.length, refused: bulk.data.refused.length })}
        </Text>
      ) : null}
    </HStack>
  );
}
