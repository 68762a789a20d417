import { Button, chakra, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSupplier } from '@/components/data-table';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { type ImportKind, useCreateImport, useRefreshAfterImport } from '../api/imports-api';
import { tarOfFiles } from '../utils/tar';
import { ImportProgress } from './import-progress';
import { RecentImports } from './recent-imports';

const KINDS: readonly string[] = [
  'hibp',
  'combolist',
  'infostealer',
  'nvd',
  'kev',
  'epss',
  'nuclei',
  'hosts',
  'assets-csv',
  'subfinder',
  'httpx',
  'nmap',
  'js-blacklist-csv',
  'js-blacklist',
  'search-results',
  'ghdb',
  'gitleaks-json',
  'archive-urls',
  'wayback-cdx',
  'mentions-jsonl',
];
const isKind = (value: string): value is ImportKind => KINDS.includes(value);

/**
 * The screen's import button: choose the format (and, given `suppliers`, whose inventory), pick a
 * file (or a stealer-log folder), watch the job.
 */
export function ImportDialog({ kinds, suppliers }: { kinds: string[]; suppliers?: ImportSupplier[] }) {
  const { t } = useTranslation();
  const choices = kinds.filter(isKind);
  const [kind, setKind] = useState<ImportKind>(choices[0] ?? 'combolist');
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
              if (isKind(value)) setKind(value);
              setFiles([]);
            }}
            width="full"
          >
            {choices.map((k) => (
              <option key={k} value={k}>
                {t(`imports.kinds.${k}`)}
              </option>
            ))}
          </SimpleSelect>
          <Text fontSize="sm" color="fg.muted">
            {t(`imports.formats.${kind}`)}
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
          {kind === 'infostealer' ? (
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
