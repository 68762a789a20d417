import { Button, chakra, SimpleGrid, Stack } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import {
  QUESTIONNAIRE_STATUSES,
  type Supplier,
  type SupplierInput,
  TIERS,
  useSaveSupplier,
} from '../api/suppliers-api';

type Draft = Record<
  'name' | 'website' | 'contact_name' | 'contact_email' | 'contract_start' | 'contract_end' | 'notes',
  string
> &
  Pick<SupplierInput, 'tier'> & { questionnaire_status: string };

function draftOf(supplier: Supplier | null): Draft {
  return {
    name: supplier?.name ?? '',
    tier: supplier?.tier ?? 'medium',
    website: supplier?.website ?? '',
    contact_name: supplier?.contact_name ?? '',
    contact_email: supplier?.contact_email ?? '',
    contract_start: supplier?.contract_start ?? '',
    contract_end: supplier?.contract_end ?? '',
    notes: supplier?.notes ?? '',
    questionnaire_status: supplier?.questionnaire_status ?? '',
  };
}

/** The form's fields as the API's body: blanks become null (every field is replaced). */
export function inputOf(draft: Draft): SupplierInput {
  const text = (value: string) => value.trim() || null;
  const questionnaire = QUESTIONNAIRE_STATUSES.find((s) => s === draft.questionnaire_status) ?? null;
  return {
    name: draft.name.trim(),
    tier: draft.tier,
    website: text(draft.website),
    contact_name: text(draft.contact_name),
    contact_email: text(draft.contact_email),
    contract_start: text(draft.contract_start),
    contract_end: text(draft.contract_end),
    notes: text(draft.notes),
    questionnaire_status: questionnaire,
  };
}

/** "Add supplier" (no supplier) or "Edit" (one): the portfolio entry's fields in a dialog. */
export function SupplierDialog({ supplier }: { supplier: Supplier | null }) {
  const { t } = useTranslation();
  const save = useSaveSupplier();
  const [draft, setDraft] = useState<Draft>(() => draftOf(supplier));
  const id = useId();
  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const failure = save.error instanceof ApiError ? save.error.validationText() || save.error.serverMessage : null;
  const title = supplier ? t('assets.editSupplier') : t('assets.addSupplier');
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette={supplier ? undefined : 'blue'} variant={supplier ? 'outline' : 'solid'}>
          {title}
        </Button>
      }
      title={title}
      submitLabel={t('assets.saveSupplier')}
      onSubmit={(close) => save.mutate({ id: supplier?.id ?? null, body: inputOf(draft) }, { onSuccess: close })}
      pending={save.isPending}
      error={failure}
      onOpen={() => {
        setDraft(draftOf(supplier));
        save.reset();
      }}
      size="lg"
      testId="supplier-dialog"
    >
      <TextInput
        label={t('assets.supplierName')}
        name="name"
        value={draft.name}
        onValueChange={set('name')}
        required
        maxLength={200}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SimpleSelect
          label={t('assets.tier')}
          value={draft.tier}
          onChange={(e) => set('tier')(e.currentTarget.value)}
          width="full"
        >
          {TIERS.map((tier) => (
            <option key={tier} value={tier}>
              {t(`assets.tiers.${tier}`)}
            </option>
          ))}
        </SimpleSelect>
        <SimpleSelect
          label={t('assets.questionnaire')}
          value={draft.questionnaire_status}
          onChange={(e) => set('questionnaire_status')(e.currentTarget.value)}
          width="full"
        >
          <option value="">{t('assets.noQuestionnaire')}</option>
          {QUESTIONNAIRE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`assets.questionnaireStatus.${s}`)}
            </option>
          ))}
        </SimpleSelect>
        <TextInput
          label={t('assets.website')}
          name="website"
          type="url"
          value={draft.website}
          onValueChange={set('website')}
          maxLength={2048}
        />
        <TextInput
          label={t('assets.contactName')}
          name="contact_name"
          value={draft.contact_name}
          onValueChange={set('contact_name')}
          maxLength={200}
        />
        <TextInput
          label={t('assets.contactEmail')}
          name="contact_email"
          type="email"
          value={draft.contact_email}
          onValueChange={set('contact_email')}
          maxLength={254}
        />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {(['contract_start', 'contract_end'] as const).map((key) => (
          <Stack key={key} gap="1.5">
            <chakra.label htmlFor={`${id}-${key}`} fontWeight="medium" textStyle="sm">
              {t(`assets.${key === 'contract_start' ? 'contractStart' : 'contractEnd'}`)}
            </chakra.label>
            <DateField
              id={`${id}-${key}`}
              value={draft[key]}
              onChange={set(key)}
              {...(key === 'contract_end' && draft.contract_start ? { min: draft.contract_start } : {})}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <TextArea
        label={t('assets.notes')}
        name="notes"
        value={draft.notes}
        onValueChange={set('notes')}
        maxLength={4000}
      />
    </FormDialog>
  );
}
