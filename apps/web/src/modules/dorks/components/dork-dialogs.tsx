import { Button, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EnabledSwitch, failureLine } from '@/components/ui/enabled-switch';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { FieldFrame, TextInput } from '@/components/ui/text-input';
import {
  DORK_CATEGORIES,
  type Dork,
  type DorkCategory,
  useDeleteDork,
  useSaveDork,
  useSetDorkEnabled,
} from '../api/dorks-api';

/** "Add dork" or "Edit" (a dork of the company's own): title, category and query without `site:`. */
export function DorkDialog({ dork }: { dork: Dork | null }) {
  const { t } = useTranslation();
  const save = useSaveDork();
  const categoryId = useId();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState<DorkCategory>('files_containing_juicy_info');
  const [query, setQuery] = useState('');
  const validation = save.error instanceof ApiError ? (save.error.validation ?? {}) : {};
  const fieldError = (name: string) => validation[name]?.join(' ') || undefined;
  const general = Object.keys(validation).length > 0 ? null : failureLine(save.error, t('dorks.saveFailed'));
  const label = dork ? t('dorks.edit') : t('dorks.add');
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant={dork ? 'outline' : 'solid'} colorPalette={dork ? undefined : 'blue'}>
          {label}
        </Button>
      }
      title={dork ? t('dorks.editTitle', { title: dork.title }) : t('dorks.add')}
      submitLabel={t('dorks.save')}
      pending={save.isPending}
      error={general}
      onOpen={() => {
        save.reset();
        setTitle(dork?.title ?? '');
        setCategory(dork?.category ?? 'files_containing_juicy_info');
        setQuery(dork?.query ?? '');
      }}
      onSubmit={(close) =>
        save.mutate(
          { id: dork?.id ?? null, body: { title: title.trim(), category, query: query.trim() } },
          { onSuccess: close },
        )
      }
    >
      <TextInput
        label={t('dorks.title')}
        name="title"
        value={title}
        onValueChange={setTitle}
        error={fieldError('title')}
        maxLength={200}
        required
      />
      <FieldFrame label={t('dorks.category')} inputId={categoryId}>
        <SimpleSelect
          id={categoryId}
          label={t('dorks.category')}
          value={category}
          onChange={(event) => setCategory(event.currentTarget.value as DorkCategory)}
          width="full"
        >
          {DORK_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`dorks.categories.${c}`)}
            </option>
          ))}
        </SimpleSelect>
      </FieldFrame>
      <TextInput
        label={t('dorks.query')}
        name="query"
        value={query}
        onValueChange={setQuery}
        error={fieldError('query')}
        maxLength={500}
        spellCheck={false}
        required
      />
      <Text fontSize="xs" color="fg.muted">
        {t('dorks.queryHelp')}
      </Text>
    </FormDialog>
  );
}

export function DeleteDork({ dork }: { dork: Dork }) {
  const { t } = useTranslation();
  const remove = useDeleteDork();
  return (
    <ConfirmDialog
      label={t('dorks.delete')}
      title={t('dorks.deleteTitle', { title: dork.title })}
      message={t('dorks.deleteWarning')}
      confirmLabel={t('dorks.delete')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failureLine(remove.error, t('dorks.saveFailed'))}
      onOpen={remove.reset}
      onConfirm={() => remove.mutateAsync(dork.id)}
    />
  );
}

/** Whether the company's runs use the dork: a switch for those who may change it, words for the others. */
export function DorkSwitch({ dork, canChange }: { dork: Dork; canChange: boolean }) {
  const { t } = useTranslation();
  const change = useSetDorkEnabled();
  return (
    <EnabledSwitch
      enabled={dork.enabled}
      canChange={canChange}
      label={t('dorks.enabledOf', { title: dork.title })}
      stateText={t(dork.enabled ? 'dorks.on' : 'dorks.off')}
      change={change}
      onChange={(enabled) => change.mutate({ id: dork.id, enabled })}
      failureText={t('dorks.saveFailed')}
    />
  );
}
