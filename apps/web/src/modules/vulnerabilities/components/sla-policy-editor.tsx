import { Button, chakra, SimpleGrid, Text, useRecipe } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { type SlaPolicy, useSlaPolicy, useUpdateSlaPolicy } from '../api/vulnerabilities-api';

const KEYS = ['critical_days', 'high_days', 'medium_days', 'low_days'] as const;

/** Remediation days per severity; due dates of open findings follow a change. */
export function SlaPolicyEditor() {
  const { t } = useTranslation();
  const recipe = useRecipe({ key: 'input' });
  const policy = useSlaPolicy();
  const update = useUpdateSlaPolicy();
  // The edits since opening; until the first one the form shows the saved policy.
  const [edits, setEdits] = useState<SlaPolicy | null>(null);
  const draft = edits ?? policy.data ?? null;
  const id = useId();
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline">
          {t('vulnerabilities.slaPolicy')}
        </Button>
      }
      title={t('vulnerabilities.slaPolicy')}
      submitLabel={t('vulnerabilities.save')}
      onSubmit={(close) => {
        if (draft) update.mutate(draft, { onSuccess: close });
      }}
      pending={update.isPending}
      submitDisabled={!draft}
      onOpen={() => {
        setEdits(null);
        update.reset();
      }}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('vulnerabilities.slaHelp')}
      </Text>
      <SimpleGrid columns={2} gap="3">
        {KEYS.map((key) => (
          <chakra.div key={key}>
            <chakra.label htmlFor={`${id}-${key}`} fontSize="sm" fontWeight="medium">
              {t(`vulnerabilities.sla.${key}`)}
            </chakra.label>
            <chakra.input
              id={`${id}-${key}`}
              type="number"
              min={1}
              max={3650}
              required
              value={draft ? draft[key] : ''}
              onChange={(event) => {
                const value = Number(event.currentTarget.value);
                if (draft) setEdits({ ...draft, [key]: value });
              }}
              css={recipe({ size: 'sm', variant: 'outline' })}
            />
          </chakra.div>
        ))}
      </SimpleGrid>
    </FormDialog>
  );
}
