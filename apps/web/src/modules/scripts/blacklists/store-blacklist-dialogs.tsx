import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { SelectField } from '../shared/fields';
import { formErrors } from '../shared/form-errors';
import { type StoreBlacklistEntry, useStoreBlacklistChange } from './store-blacklist-api';

const FIELDS = ['domain', 'url', 'status', 'notes', 'takedown_reference'] as const;

/** "Add domain": a fraudulent store's domain (or a URL on it), where it starts, and notes. */
export function AddStoreDialog() {
  const { t } = useTranslation();
  const { create } = useStoreBlacklistChange();
  const blank = { domain: '', url: '', status: 'suspected' as 'suspected' | 'confirmed', notes: '' };
  const [draft, setDraft] = useState(blank);
  const errors = formErrors(create.error, FIELDS, t('scripts.forms.saveFailed'));
  const title = t('scripts.storeBlacklist.add');
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {title}
        </Button>
      }
      title={title}
      submitLabel={t('scripts.storeBlacklist.save')}
      onSubmit={(close) =>
        create.mutate(
          {
            domain: draft.domain.trim(),
            url: draft.url.trim() || null,
            status: draft.status,
            notes: draft.notes.trim(),
          },
          { onSuccess: close },
        )
      }
      pending={create.isPending}
      error={errors.general}
      onOpen={() => {
        setDraft(blank);
        create.reset();
      }}
      testId="store-blacklist-add-dialog"
    >
      <TextInput
        label={t('scripts.storeBlacklist.domain')}
        name="domain"
        value={draft.domain}
        onValueChange={(domain) => setDraft((d) => ({ ...d, domain }))}
        error={errors.field('domain')}
        required
        maxLength={253}
      />
      <TextInput
        label={t('scripts.storeBlacklist.url')}
        name="url"
        value={draft.url}
        onValueChange={(url) => setDraft((d) => ({ ...d, url }))}
        error={errors.field('url')}
        maxLength={2000}
      />
      <SelectField
        label={t('scripts.storeBlacklist.status')}
        value={draft.status}
        onValueChange={(value) =>
          setDraft((d) => ({ ...d, status: value === 'confirmed' ? 'confirmed' : 'suspected' }))
        }
      >
        {(['suspected', 'confirmed'] as const).map((s) => (
          <option key={s} value={s}>
            {t(`scripts.storeBlacklist.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      <TextArea
        label={t('scripts.storeBlacklist.notes')}
        name="notes"
        value={draft.notes}
        onValueChange={(notes) => setDraft((d) => ({ ...d, notes }))}
        error={errors.field('notes')}
        maxLength={4000}
      />
    </FormDialog>
  );
}

/** "Edit notes": the entry's notes and the takedown request's reference (the registrar's ticket). */
export function EditStoreDialog({ entry }: { entry: StoreBlacklistEntry }) {
  const { t } = useTranslation();
  const { update } = useStoreBlacklistChange();
  const draftOf = () => ({ notes: entry.notes, reference: entry.takedown_reference ?? '' });
  const [draft, setDraft] = useState(draftOf);
  const errors = formErrors(update.error, FIELDS, t('scripts.forms.saveFailed'));
  return (
    <FormDialog
      trigger={
        <Button size="xs" variant="outline">
          {t('scripts.storeBlacklist.edit')}
        </Button>
      }
      title={t('scripts.storeBlacklist.editTitle')}
      submitLabel={t('scripts.storeBlacklist.save')}
      onSubmit={(close) =>
        update.mutate(
          { id: entry.id, body: { notes: draft.notes.trim(), takedown_reference: draft.reference.trim() || null } },
          { onSuccess: close },
        )
      }
      pending={update.isPending}
      error={errors.general}
      onOpen={() => {
        setDraft(draftOf());
        update.reset();
      }}
      testId="store-blacklist-edit-dialog"
    >
      <Text fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
        {entry.domain}
      </Text>
      <TextInput
        label={t('scripts.storeBlacklist.takedownReference')}
        name="takedown_reference"
        value={draft.reference}
        onValueChange={(reference) => setDraft((d) => ({ ...d, reference }))}
        error={errors.field('takedown_reference')}
        maxLength={200}
      />
      <TextArea
        label={t('scripts.storeBlacklist.notes')}
        name="notes"
        value={draft.notes}
        onValueChange={(notes) => setDraft((d) => ({ ...d, notes }))}
        error={errors.field('notes')}
        maxLength={4000}
      />
    </FormDialog>
  );
}
