import { Button, chakra, HStack, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEVERITIES } from '@/components/ui/finding-badges';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { codeArea, SelectField } from '../shared/fields';
import { formErrors } from '../shared/form-errors';
import { type JsRule, type JsRuleDefinition, type JsRuleInput, useSaveJsRule } from './rules-api';

/** A new rule starts from one condition over the content, so the shape of a definition is in view. */
const TEMPLATE: JsRuleDefinition = {
  match: 'any',
  conditions: [{ id: 'c1', target: 'content', op: 'regex', value: 'atob\\(.+\\)', case_sensitive: false }],
};

interface Draft {
  name: string;
  family: string;
  severity: JsRuleInput['severity'];
  reference: string;
  description: string;
  enabled: boolean;
  definition: string;
}

const draftOf = (rule: JsRule | null): Draft => ({
  name: rule?.name ?? '',
  family: rule?.family ?? '',
  severity: rule?.severity ?? 'high',
  reference: rule?.reference ?? '',
  description: rule?.description ?? '',
  enabled: rule?.enabled ?? true,
  definition: JSON.stringify(rule?.definition ?? TEMPLATE, null, 2),
});

/** The definition as the API takes it, or why the text is not one (the server checks the rest). */
export function parseDefinition(text: string): { definition: JsRuleDefinition } | { error: string } {
  try {
    // The server validates the definition against the contract; here only its JSON and its list.
    const definition: JsRuleDefinition | null = JSON.parse(text);
    return Array.isArray(definition?.conditions) ? { definition } : { error: 'conditions' };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

const FIELDS = ['name', 'family', 'severity', 'reference', 'description', 'definition'] as const;

/**
 * "Add rule", "Edit rule" (a rule of the company's own: each save is a new version) or "Copy into
 * a rule of my own" (one of Vigil's, which the company cannot edit): the rule's fields and its
 * definition as JSON.
 */
export function RuleDialog({ rule, mode }: { rule: JsRule | null; mode: 'add' | 'edit' | 'copy' }) {
  const { t } = useTranslation();
  const save = useSaveJsRule();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const set = (key: 'name' | 'family' | 'reference' | 'description' | 'definition') => (value: string) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const errors = formErrors(save.error, FIELDS, t('scripts.forms.saveFailed'));
  const title = t(`scripts.rules.dialog.${mode}`);
  const submit = (close: () => void) => {
    const parsed = parseDefinition(draft.definition);
    if ('error' in parsed) {
      setJsonError(
        parsed.error === 'conditions'
          ? t('scripts.rules.dialog.noConditions')
          : t('scripts.rules.dialog.badJson', { reason: parsed.error }),
      );
      return;
    }
    setJsonError(null);
    const body: JsRuleInput = {
      name: draft.name.trim(),
      family: draft.family.trim(),
      severity: draft.severity,
      reference: draft.reference.trim() || null,
      description: draft.description.trim(),
      enabled: draft.enabled,
      definition: parsed.definition,
    };
    save.mutate({ id: mode === 'edit' && rule ? rule.id : null, body }, { onSuccess: close });
  };
  return (
    <FormDialog
      trigger={
        <Button
          size="sm"
          colorPalette={mode === 'add' ? 'blue' : undefined}
          variant={mode === 'add' ? 'solid' : 'outline'}
        >
          {title}
        </Button>
      }
      title={title}
      submitLabel={t('scripts.rules.dialog.save')}
      onSubmit={submit}
      pending={save.isPending}
      error={errors.general}
      onOpen={() => {
        const next = draftOf(rule);
        setDraft(mode === 'copy' ? { ...next, name: t('scripts.rules.dialog.copyName', { name: next.name }) } : next);
        setJsonError(null);
        save.reset();
      }}
      size="xl"
      testId="rule-dialog"
    >
      <TextInput
        label={t('scripts.rules.name')}
        name="name"
        value={draft.name}
        onValueChange={set('name')}
        error={errors.field('name')}
        required
        maxLength={120}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextInput
          label={t('scripts.rules.family')}
          name="family"
          value={draft.family}
          onValueChange={set('family')}
          error={errors.field('family')}
          required
          maxLength={60}
        />
        <SelectField
          label={t('scripts.rules.severity')}
          value={draft.severity}
          onValueChange={(value) =>
            setDraft((current) => ({ ...current, severity: SEVERITIES.find((s) => s === value) ?? 'high' }))
          }
        >
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {t(`findings.severity.${severity}`)}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <TextInput
        label={t('scripts.rules.reference')}
        name="reference"
        type="url"
        value={draft.reference}
        onValueChange={set('reference')}
        error={errors.field('reference')}
        maxLength={500}
      />
      <TextArea
        label={t('scripts.rules.description')}
        value={draft.description}
        onValueChange={set('description')}
        error={errors.field('description')}
        rows={2}
        maxLength={2000}
      />
      <TextArea
        label={t('scripts.rules.dialog.definition')}
        value={draft.definition}
        onValueChange={set('definition')}
        error={jsonError ?? errors.field('definition')}
        rows={12}
        {...codeArea}
        required
      />
      <chakra.p fontSize="xs" color="fg.muted">
        {t('scripts.rules.dialog.definitionHelp')}
      </chakra.p>
      <HStack as="label" gap="2" fontSize="sm">
        <chakra.input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            setDraft((current) => ({ ...current, enabled }));
          }}
        />
        {t('scripts.rules.dialog.enabled')}
      </HStack>
    </FormDialog>
  );
}
