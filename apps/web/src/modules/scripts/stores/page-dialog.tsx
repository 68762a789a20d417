import { Button, chakra, HStack, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextInput } from '@/components/ui/text-input';
import { SelectField } from '../shared/fields';
import { formErrors } from '../shared/form-errors';
import { type StepDraft, StepsEditor, scanStepOf, stepDraftOf } from './steps-editor';
import { PAGE_TYPES, type PageType, type StorePage, type StorePageInput, useSaveStorePage } from './stores-api';

interface Draft {
  url: string;
  page_type: PageType;
  scan_interval_hours: string;
  enabled: boolean;
  steps: StepDraft[];
}

const draftOf = (page: StorePage | null): Draft => ({
  url: page?.url ?? '',
  page_type: page?.page_type ?? 'checkout',
  scan_interval_hours: String(page?.scan_interval_hours ?? 24),
  enabled: page?.enabled ?? true,
  steps: (page?.steps ?? []).map(stepDraftOf),
});

export function pageInputOf(draft: Draft): StorePageInput {
  return {
    url: draft.url.trim(),
    page_type: draft.page_type,
    scan_interval_hours: Number(draft.scan_interval_hours),
    enabled: draft.enabled,
    steps: draft.steps.map(scanStepOf),
  };
}

const FIELDS = ['url', 'page_type', 'scan_interval_hours', 'enabled'] as const;

/** "Add page" to a store, or "Edit page": URL, type, scan interval (weekly at least), steps, enabled. */
export function PageDialog({ storeId, page }: { storeId: number; page: StorePage | null }) {
  const { t } = useTranslation();
  const save = useSaveStorePage();
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  const errors = formErrors(save.error, FIELDS, t('scripts.forms.saveFailed'));
  const title = t(page ? 'scripts.stores.pages.edit' : 'scripts.stores.pages.add');
  return (
    <FormDialog
      trigger={
        <Button
          size="xs"
          variant="outline"
          aria-label={page ? t('scripts.stores.pages.editOf', { url: page.url }) : undefined}
        >
          {title}
        </Button>
      }
      title={title}
      submitLabel={t('scripts.stores.pages.save')}
      onSubmit={(close) =>
        save.mutate({ storeId, pageId: page?.id ?? null, body: pageInputOf(draft) }, { onSuccess: close })
      }
      pending={save.isPending}
      error={errors.general}
      onOpen={() => {
        setDraft(draftOf(page));
        save.reset();
      }}
      size="xl"
      testId="page-dialog"
    >
      <TextInput
        label={t('scripts.stores.pages.url')}
        name="url"
        type="url"
        value={draft.url}
        onValueChange={(url) => setDraft((d) => ({ ...d, url }))}
        error={errors.field('url')}
        required
        maxLength={2048}
        placeholder="https://"
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField
          label={t('scripts.stores.pages.type')}
          value={draft.page_type}
          onValueChange={(value) =>
            setDraft((d) => ({ ...d, page_type: PAGE_TYPES.find((type) => type === value) ?? 'other' }))
          }
        >
          {PAGE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`scripts.pageTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextInput
          label={t('scripts.stores.pages.interval')}
          name="scan_interval_hours"
          type="number"
          min={1}
          max={168}
          value={draft.scan_interval_hours}
          onValueChange={(value) => setDraft((d) => ({ ...d, scan_interval_hours: value }))}
          error={errors.field('scan_interval_hours')}
          required
        />
      </SimpleGrid>
      <HStack as="label" gap="2" fontSize="sm">
        <chakra.input
          type="checkbox"
          checked={draft.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            setDraft((d) => ({ ...d, enabled }));
          }}
        />
        {t('scripts.stores.pages.enabledLabel')}
      </HStack>
      <StepsEditor steps={draft.steps} onChange={(steps) => setDraft((d) => ({ ...d, steps }))} />
    </FormDialog>
  );
}
