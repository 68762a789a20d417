import { Button, chakra, Fieldset, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import type { ScanStep } from './stores-api';

const ACTIONS = ['click', 'fill', 'goto', 'wait'] as const;
type Action = (typeof ACTIONS)[number];
export const MAX_STEPS = 20;

/** A step as the form holds it: every field a string, whichever the action uses. */
export interface StepDraft {
  action: Action;
  selector: string;
  value: string;
  url: string;
  ms: string;
}

export function stepDraftOf(step: ScanStep): StepDraft {
  return {
    action: step.action,
    selector: step.selector ?? '',
    value: step.value ?? '',
    url: step.url ?? '',
    ms: step.ms === undefined ? '' : String(step.ms),
  };
}

/** The step the API takes: only the fields its action uses (the server checks them). */
export function scanStepOf(draft: StepDraft): ScanStep {
  switch (draft.action) {
    case 'click':
      return { action: 'click', selector: draft.selector.trim() };
    case 'fill':
      return { action: 'fill', selector: draft.selector.trim(), value: draft.value };
    case 'goto':
      return { action: 'goto', url: draft.url.trim() };
    case 'wait':
      return { action: 'wait', ms: Number(draft.ms) };
  }
}

/** The steps the scanner takes after loading the page, towards checkout: added, changed, removed in order. */
export function StepsEditor({ steps, onChange }: { steps: StepDraft[]; onChange: (steps: StepDraft[]) => void }) {
  const { t } = useTranslation();
  const change = (index: number, patch: Partial<StepDraft>) =>
    onChange(steps.map((step, i) => (i === index ? { ...step, ...patch } : step)));
  const label = (index: number, field: string) => t('scripts.stores.steps.fieldOf', { number: index + 1, field });
  // The focus leaves the removed row's button first: a focus dropped to the page would read to the
  // dialog (and the drawer under it) as a move outside them, which closes them.
  const addButton = useRef<HTMLButtonElement>(null);
  const remove = (index: number) => {
    addButton.current?.focus();
    onChange(steps.filter((_, i) => i !== index));
  };
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" textStyle="sm">
        {t('scripts.stores.steps.title')}
      </Fieldset.Legend>
      <Fieldset.HelperText>{t('scripts.stores.steps.help')}</Fieldset.HelperText>
      <chakra.ol listStyleType="none" m="0" p="0" data-testid="steps">
        {steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a step's place is its identity
          <chakra.li key={index} borderBottomWidth="1px" py="2">
            <HStack gap="2" alignItems="flex-end" flexWrap="wrap">
              <Text fontSize="sm" color="fg.muted" minW="6" pb="2">
                {index + 1}.
              </Text>
              <SimpleSelect
                label={label(index, t('scripts.stores.steps.action'))}
                value={step.action}
                onChange={(e) => change(index, { action: ACTIONS.find((a) => a === e.currentTarget.value) ?? 'click' })}
              >
                {ACTIONS.map((action) => (
                  <option key={action} value={action}>
                    {t(`scripts.stores.steps.actions.${action}`)}
                  </option>
                ))}
              </SimpleSelect>
              <StepFields step={step} index={index} onChange={(patch) => change(index, patch)} label={label} />
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t('scripts.stores.steps.remove', { number: index + 1 })}
                onClick={() => remove(index)}
              >
                ✕
              </IconButton>
            </HStack>
          </chakra.li>
        ))}
      </chakra.ol>
      <Stack align="flex-start">
        <Button
          ref={addButton}
          size="xs"
          variant="outline"
          disabled={steps.length >= MAX_STEPS}
          onClick={() => onChange([...steps, { action: 'click', selector: '', value: '', url: '', ms: '' }])}
        >
          {t('scripts.stores.steps.add')}
        </Button>
      </Stack>
    </Fieldset.Root>
  );
}

function StepFields({
  step,
  index,
  onChange,
  label,
}: {
  step: StepDraft;
  index: number;
  onChange: (patch: Partial<StepDraft>) => void;
  label: (index: number, field: string) => string;
}) {
  const { t } = useTranslation();
  const name = (field: string) => `step-${index}-${field}`;
  if (step.action === 'goto') {
    return (
      <TextInput
        label={t('scripts.stores.steps.url')}
        aria-label={label(index, t('scripts.stores.steps.url'))}
        name={name('url')}
        type="url"
        value={step.url}
        onValueChange={(url) => onChange({ url })}
        required
        maxLength={2048}
      />
    );
  }
  if (step.action === 'wait') {
    return (
      <TextInput
        label={t('scripts.stores.steps.ms')}
        aria-label={label(index, t('scripts.stores.steps.ms'))}
        name={name('ms')}
        type="number"
        min={0}
        max={10000}
        value={step.ms}
        onValueChange={(ms) => onChange({ ms })}
        required
      />
    );
  }
  return (
    <>
      <TextInput
        label={t('scripts.stores.steps.selector')}
        aria-label={label(index, t('scripts.stores.steps.selector'))}
        name={name('selector')}
        value={step.selector}
        onValueChange={(selector) => onChange({ selector })}
        required
        maxLength={500}
      />
      {step.action === 'fill' ? (
        <TextInput
          label={t('scripts.stores.steps.value')}
          aria-label={label(index, t('scripts.stores.steps.value'))}
          name={name('value')}
          value={step.value}
          onValueChange={(value) => onChange({ value })}
          maxLength={500}
        />
      ) : null}
    </>
  );
}
