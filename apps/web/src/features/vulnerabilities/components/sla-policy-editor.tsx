import { Button, CloseButton, chakra, Dialog, Portal, SimpleGrid, Text, useRecipe } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SlaPolicy, useSlaPolicy, useUpdateSlaPolicy } from '../api/vulnerabilities-api';

const KEYS = ['critical_days', 'high_days', 'medium_days', 'low_days'] as const;

/** Remediation days per severity; due dates of open findings follow a change. */
export function SlaPolicyEditor() {
  const { t } = useTranslation();
  const recipe = useRecipe({ key: 'input' });
  const policy = useSlaPolicy();
  const update = useUpdateSlaPolicy();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SlaPolicy | null>(null);
  const id = useId();
  useEffect(() => {
    if (open && policy.data) setDraft(policy.data);
  }, [open, policy.data]);
  return (
    <Dialog.Root open={open} onOpenChange={(event) => setOpen(event.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline">
          {t('vulnerabilities.slaPolicy')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form
              onSubmit={(event) => {
                event.preventDefault();
                if (draft) update.mutate(draft, { onSuccess: () => setOpen(false) });
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('vulnerabilities.slaPolicy')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text fontSize="sm" color="fg.muted" mb="3">
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
                          setDraft((current) => (current ? { ...current, [key]: value } : current));
                        }}
                        css={recipe({ size: 'sm', variant: 'outline' })}
                      />
                    </chakra.div>
                  ))}
                </SimpleGrid>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="submit" loading={update.isPending} disabled={!draft}>
                  {t('vulnerabilities.save')}
                </Button>
              </Dialog.Footer>
            </chakra.form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('imports.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
