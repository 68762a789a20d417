import { Button } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { FieldFrame, TextInput } from '@/components/ui/text-input';
import {
  ALLOWLIST_KINDS,
  type AllowlistKind,
  type CodeSearchTermKind,
  TERM_KINDS,
  useAllowlistChange,
  useTermChange,
} from '../api/secrets-api';

/** A failed save: the 422 message of `value` or `reason` under its field, any other in the error line. */
function errorsOf(error: unknown, fallback: string) {
  const validation = error instanceof ApiError ? (error.validation ?? {}) : {};
  const field = (name: string) => validation[name]?.join(' ') || undefined;
  const general =
    !error || field('value') || field('reason')
      ? null
      : error instanceof ApiError
        ? error.serverMessage || fallback
        : fallback;
  return { field, general };
}

function KindField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <FieldFrame label={label} inputId={id}>
      <SimpleSelect id={id} label={label} value={value} onChange={(e) => onChange(e.currentTarget.value)} width="full">
        {children}
      </SimpleSelect>
    </FieldFrame>
  );
}

/** "Add term": an organisation login, a keyword or another domain to search code hosting for. */
export function AddTermDialog() {
  const { t } = useTranslation();
  const { create } = useTermChange();
  const [kind, setKind] = useState<CodeSearchTermKind>('organisation');
  const [value, setValue] = useState('');
  const errors = errorsOf(create.error, t('secrets.saveFailed'));
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {t('secrets.terms.add')}
        </Button>
      }
      title={t('secrets.terms.add')}
      submitLabel={t('secrets.terms.save')}
      onSubmit={(close) => create.mutate({ kind, value: value.trim() }, { onSuccess: close })}
      pending={create.isPending}
      error={errors.general}
      onOpen={() => {
        setValue('');
        create.reset();
      }}
      testId="secrets-term-dialog"
    >
      <KindField
        label={t('secrets.terms.kind')}
        value={kind}
        onChange={(v) => setKind(TERM_KINDS.find((k) => k === v) ?? 'keyword')}
      >
        {TERM_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`secrets.terms.kinds.${k}`)}
          </option>
        ))}
      </KindField>
      <TextInput
        label={t('secrets.terms.value')}
        name="value"
        value={value}
        onValueChange={setValue}
        error={errors.field('value')}
        required
        maxLength={100}
      />
    </FormDialog>
  );
}

/** "Allow": a path or secret regex, a stopword or one finding's fingerprint, with the reason. */
export function AddAllowlistDialog() {
  const { t } = useTranslation();
  const { create } = useAllowlistChange();
  const blank = { kind: 'path' as AllowlistKind, value: '', reason: '' };
  const [draft, setDraft] = useState(blank);
  const errors = errorsOf(create.error, t('secrets.saveFailed'));
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {t('secrets.allowlist.add')}
        </Button>
      }
      title={t('secrets.allowlist.add')}
      submitLabel={t('secrets.allowlist.save')}
      onSubmit={(close) =>
        create.mutate(
          { kind: draft.kind, value: draft.value.trim(), reason: draft.reason.trim() },
          { onSuccess: close },
        )
      }
      pending={create.isPending}
      error={errors.general}
      onOpen={() => {
        setDraft(blank);
        create.reset();
      }}
      testId="secrets-allowlist-dialog"
    >
      <KindField
        label={t('secrets.allowlist.kind')}
        value={draft.kind}
        onChange={(v) => setDraft((d) => ({ ...d, kind: ALLOWLIST_KINDS.find((k) => k === v) ?? 'path' }))}
      >
        {ALLOWLIST_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`secrets.allowlist.kinds.${k}`)}
          </option>
        ))}
      </KindField>
      <TextInput
        label={t('secrets.allowlist.value')}
        name="value"
        value={draft.value}
        onValueChange={(value) => setDraft((d) => ({ ...d, value }))}
        error={errors.field('value')}
        required
        maxLength={500}
      />
      <TextInput
        label={t('secrets.allowlist.reason')}
        name="reason"
        value={draft.reason}
        onValueChange={(reason) => setDraft((d) => ({ ...d, reason }))}
        error={errors.field('reason')}
        required
        maxLength={500}
      />
    </FormDialog>
  );
}
