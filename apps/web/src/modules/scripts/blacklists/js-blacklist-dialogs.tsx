import { Button, SimpleGrid, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormDialog } from '@/components/ui/form-dialog';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import { SelectField } from '../shared/fields';
import { formErrors } from '../shared/form-errors';
import {
  BLACKLIST_KINDS,
  BLACKLIST_STATUSES,
  type BlacklistEntry,
  type BlacklistStatus,
  useBlacklistChange,
} from './js-blacklist-api';

const FIELDS = ['kind', 'value', 'source', 'family', 'status', 'notes'] as const;
const statusOf = (value: string): BlacklistStatus => BLACKLIST_STATUSES.find((s) => s === value) ?? 'active';

/** "Add entry": a host, URL or SHA-256 (the kind inferred unless chosen), its family, status and notes. */
export function AddEntryDialog() {
  const { t } = useTranslation();
  const { create } = useBlacklistChange();
  const blank = { kind: '', value: '', source: 'manual', family: '', status: 'active' as BlacklistStatus, notes: '' };
  const [draft, setDraft] = useState(blank);
  const errors = formErrors(create.error, FIELDS, t('scripts.forms.saveFailed'));
  const title = t('scripts.blacklist.add');
  const kind = BLACKLIST_KINDS.find((k) => k === draft.kind);
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {title}
        </Button>
      }
      title={title}
      submitLabel={t('scripts.blacklist.save')}
      onSubmit={(close) =>
        create.mutate(
          {
            ...(kind ? { kind } : {}),
            value: draft.value.trim(),
            source: draft.source.trim() || 'manual',
            family: draft.family.trim() || null,
            status: draft.status,
            notes: draft.notes.trim() || null,
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
      testId="blacklist-add-dialog"
    >
      <TextInput
        label={t('scripts.blacklist.value')}
        name="value"
        value={draft.value}
        onValueChange={(value) => setDraft((d) => ({ ...d, value }))}
        error={errors.field('value')}
        required
        maxLength={2048}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SelectField
          label={t('scripts.blacklist.kind')}
          value={draft.kind}
          onValueChange={(value) => setDraft((d) => ({ ...d, kind: value }))}
        >
          <option value="">{t('scripts.blacklist.inferKind')}</option>
          {BLACKLIST_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`scripts.blacklist.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('scripts.blacklist.status')}
          value={draft.status}
          onValueChange={(value) => setDraft((d) => ({ ...d, status: statusOf(value) }))}
        >
          {BLACKLIST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`scripts.blacklist.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextInput
          label={t('scripts.blacklist.source')}
          name="source"
          value={draft.source}
          onValueChange={(source) => setDraft((d) => ({ ...d, source }))}
          error={errors.field('source')}
          maxLength={120}
        />
        <FamilyField
          value={draft.family}
          onChange={(family) => setDraft((d) => ({ ...d, family }))}
          error={errors.field('family')}
        />
      </SimpleGrid>
      <NotesField
        value={draft.notes}
        onChange={(notes) => setDraft((d) => ({ ...d, notes }))}
        error={errors.field('notes')}
      />
    </FormDialog>
  );
}

/** "Edit" one entry: its status (only active entries flag scripts), family and notes. */
export function EditEntryDialog({ entry }: { entry: BlacklistEntry }) {
  const { t } = useTranslation();
  const { update } = useBlacklistChange();
  const draftOf = () => ({ status: entry.status, family: entry.family ?? '', notes: entry.notes ?? '' });
  const [draft, setDraft] = useState(draftOf);
  const errors = formErrors(update.error, FIELDS, t('scripts.forms.saveFailed'));
  return (
    <FormDialog
      trigger={
        <Button size="xs" variant="outline" aria-label={t('scripts.blacklist.editOf', { value: entry.value })}>
          {t('scripts.blacklist.edit')}
        </Button>
      }
      title={t('scripts.blacklist.editTitle')}
      submitLabel={t('scripts.blacklist.save')}
      onSubmit={(close) =>
        update.mutate(
          {
            id: entry.id,
            body: { status: draft.status, family: draft.family.trim() || null, notes: draft.notes.trim() || null },
          },
          { onSuccess: close },
        )
      }
      pending={update.isPending}
      error={errors.general}
      onOpen={() => {
        setDraft(draftOf());
        update.reset();
      }}
      testId="blacklist-edit-dialog"
    >
      <Text fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
        {entry.value}
      </Text>
      <SelectField
        label={t('scripts.blacklist.status')}
        value={draft.status}
        onValueChange={(value) => setDraft((d) => ({ ...d, status: statusOf(value) }))}
      >
        {BLACKLIST_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`scripts.blacklist.statuses.${s}`)}
          </option>
        ))}
      </SelectField>
      <FamilyField
        value={draft.family}
        onChange={(family) => setDraft((d) => ({ ...d, family }))}
        error={errors.field('family')}
      />
      <NotesField
        value={draft.notes}
        onChange={(notes) => setDraft((d) => ({ ...d, notes }))}
        error={errors.field('notes')}
      />
    </FormDialog>
  );
}

/** Deletes one entry after asking; it stops flagging scripts at the next scan. */
export function DeleteEntry({ entry }: { entry: BlacklistEntry }) {
  const { t } = useTranslation();
  const { remove } = useBlacklistChange();
  const failure =
    remove.error instanceof ApiError ? remove.error.serverMessage : remove.error ? t('scripts.forms.saveFailed') : null;
  return (
    <ConfirmDialog
      label={t('scripts.blacklist.delete')}
      title={t('scripts.blacklist.deleteTitle', { value: entry.value })}
      message={t('scripts.blacklist.deleteWarning')}
      confirmLabel={t('scripts.blacklist.delete')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failure}
      onOpen={remove.reset}
      onConfirm={() => remove.mutateAsync(entry.id)}
    />
  );
}

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

function FamilyField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('scripts.blacklist.family')}
      name="family"
      value={value}
      onValueChange={onChange}
      error={error}
      maxLength={60}
    />
  );
}

function NotesField({ value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TextArea
      label={t('scripts.blacklist.notes')}
      value={value}
      onValueChange={onChange}
      error={error}
      rows={3}
      maxLength={2000}
    />
  );
}
