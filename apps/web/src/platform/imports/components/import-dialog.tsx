import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSupplier } from '@/components/data-table';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { type ImportKindInfo, useCreateImport, useImportKinds, useRefreshAfterImport } from '../api/imports-api';
import { tarOfFiles } from '../utils/tar';
import { ImportProgress } from './import-progress';
import { RecentImports } from './recent-imports';

/**
 * The import button of a module's screen: its kinds come from the server's registry (GET
 * /imports/kinds, the platform's to operators alone); a module with none this user may upload gets
 * no button.
 */
export function ImportDialog({ module, suppliers }: { module: string; suppliers?: ImportSupplier[] | undefined }) {
  const kinds = useImportKinds();
  const choices = (kinds.data ?? []).filter((kind) => kind.module === module);
  return choices.length > 0 ? <KindsDialog choices={choices} suppliers={suppliers} /> : null;
}

/**
 * Choose the format (and, given `suppliers`, whose inventory), pick a file (or, for a kind that
 * reads archives, a folder), watch the job.
 */
function KindsDialog({ choices, suppliers }: { choices: ImportKindInfo[]; suppliers?: ImportSupplier[] | undefined }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState(choices[0]?.kind ?? '');
  const chosen = choices.find((k) => k.kind === kind);
  const [files, setFiles] = useState<File[]>([]);
  const [supplierId, setSupplierId] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const create = useCreateImport();
  const refresh = useRefreshAfterImport();
  const fileId = useId();
  const folderId = useId();

  const reset = () => {
    setFiles([]);
    setJobId(null);
    create.reset();
  };
  const upload = async () => {
    const first = files[0];
    if (!first) return;
    const folder = files.length > 1 || first.webkitRelativePath.includes('/');
    const body = folder ? await tarOfFiles(files) : first;
    const fileName = folder ? `${first.webkitRelativePath.split('/')[0] || 'stealer-logs'}.tar` : first.name;
    const supplier = suppliers ? Number(supplierId) || undefined : undefined;
    create.mutate({ kind, fileName, body, supplierId: supplier }, { onSuccess: (job) => setJobId(job.id) });
  };
  const failure = create.error instanceof ApiError ? create.error.serverMessage || create.error.message : null;

  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {t('imports.button')}
        </Button>
      }
      title={t('imports.title')}
      submitLabel={t('imports.upload')}
      onSubmit={() => void upload()}
      pending={create.isPending}
      error={failure}
      submitDisabled={files.length === 0 || (suppliers !== undefined && supplierId === '')}
      onClose={reset}
      footer={
        jobId === null ? undefined : (
          <Button variant="outline" onClick={reset}>
            {t('imports.another')}
          </Button>
        )
      }
      size="lg"
    >
      {jobId === null ? (
        <>
          <SimpleSelect
            label={t('imports.kind')}
            value={kind}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (choices.some((k) => k.kind === value)) setKind(value);
              setFiles([]);
            }}
            width="full"
          >
            {choices.map((k) => (
              <option key={k.kind} value={k.kind}>
                {t(k.label_key, { defaultValue: k.kind })}
              </option>
            ))}
          </SimpleSelect>
          <Text fontSize="sm" color="fg.muted">
            {chosen ? t(chosen.format_key, { defaultValue: '' }) : null}
          </Text>
          {suppliers ? (
            <SimpleSelect
              label={t('imports.supplier')}
              value={supplierId}
              onChange={(event) => setSupplierId(event.currentTarget.value)}
              width="full"
            >
              <option value="">{t('imports.chooseSupplier')}</option>
              {suppliers.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </SimpleSelect>
          ) : null}
          <Stack gap="1">
            <chakra.label htmlFor={fileId} fontSize="sm" fontWeight="medium">
              {t('imports.file')}
            </chakra.label>
            <chakra.input
              id={fileId}
              type="file"
              fontSize="sm"
              onChange={(event) => setFiles(Array.from(event.currentTarget.files ?? []))}
            />
          </Stack>
          {chosen?.archives ? (
            <Stack gap="1">
              <chakra.label htmlFor={folderId} fontSize="sm" fontWeight="medium">
                {t('imports.folder')}
              </chakra.label>
              <chakra.input
                id={folderId}
                type="file"
                fontSize="sm"
                multiple
                // Not a React prop (and Chakra drops unknown props): set on the element itself.
                ref={(element: HTMLInputElement | null) => element?.setAttribute('webkitdirectory', '')}
                onChange={(event) => setFiles(Array.from(event.currentTarget.files ?? []))}
              />
            </Stack>
          ) : null}
          <RecentImports kind={kind} />
        </>
      ) : (
        <ImportProgress jobId={jobId} onFinished={() => void refresh()} />
      )}
    </FormDialog>
  );
}
