import { Button, HStack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import type { CompliancePage } from '../ecommerce/ecommerce-api';
import { SelectField } from '../shared/fields';
import { evidenceHref } from '../stores/stores-api';
import { useStartScan } from './scripts-api';

/** The page picker of both dialogs: every monitored page by its URL. */
function PagePicker({
  pages,
  value,
  onChange,
}: {
  pages: CompliancePage[];
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('scripts.manager.pick.page')}
      value={String(value ?? '')}
      onValueChange={(id) => onChange(Number(id))}
    >
      {pages.map((p) => (
        <option key={p.id} value={p.id}>
          {p.url}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * "Scan a page" with no page picked in the filters (administrators and analysts): the dialog asks
 * which monitored page (enabled ones: a disabled page is not scanned) and queues its scan.
 */
export function ScanPageDialog({ pages }: { pages: CompliancePage[] }) {
  const { t } = useTranslation();
  const start = useStartScan();
  const enabled = pages.filter((p) => p.enabled);
  // The pages load after the first render: until one is chosen, the first is the one shown picked.
  const [chosen, setPageId] = useState<number | undefined>();
  const pageId = chosen ?? enabled[0]?.id;
  const failure =
    start.error instanceof ApiError ? start.error.serverMessage : start.error ? t('scripts.forms.saveFailed') : null;
  if (enabled.length === 0) return null;
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline">
          {t('scripts.manager.pick.scan')}
        </Button>
      }
      title={t('scripts.manager.pick.scanTitle')}
      submitLabel={t('scripts.manager.scanNow')}
      onSubmit={(close) => {
        if (pageId !== undefined) start.mutate(pageId, { onSuccess: close });
      }}
      pending={start.isPending}
      error={failure}
      submitDisabled={pageId === undefined}
      onOpen={start.reset}
      testId="scan-page-dialog"
    >
      <PagePicker pages={enabled} value={pageId} onChange={setPageId} />
    </FormDialog>
  );
}

/** "Evidence" with no page picked in the filters: the dialog asks which page, then offers its CSV and PDF. */
export function EvidenceDialog({ pages }: { pages: CompliancePage[] }) {
  const { t } = useTranslation();
  const [chosen, setPageId] = useState<number | undefined>();
  const pageId = chosen ?? pages[0]?.id;
  if (pages.length === 0) return null;
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="outline">
          {t('scripts.manager.pick.evidence')}
        </Button>
      }
      title={t('scripts.manager.pick.evidenceTitle')}
      submitLabel={t('scripts.manager.pick.evidence')}
      onSubmit={() => undefined}
      pending={false}
      footer={
        <HStack gap="2" flexWrap="wrap">
          {(['csv', 'pdf'] as const).map((format) => (
            <Button key={format} asChild size="sm" variant="outline" disabled={pageId === undefined}>
              <a href={pageId === undefined ? undefined : evidenceHref(pageId, format)} download>
                {t(`scripts.manager.evidence.${format}`)}
              </a>
            </Button>
          ))}
        </HStack>
      }
      testId="evidence-dialog"
    >
      <Text fontSize="sm" color="fg.muted">
        {t('scripts.manager.pick.evidenceHelp')}
      </Text>
      <PagePicker pages={pages} value={pageId} onChange={setPageId} />
    </FormDialog>
  );
}
