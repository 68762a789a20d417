import { Badge, Button, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EvidenceList } from '@/components/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ExternalLink } from '@/components/ui/external-link';
import { useFormat } from '@/lib/i18n/format';
import { ScanStatusBadge } from '../scripts/badges';
import { ComplianceBadge, ComplianceReasons } from './compliance-badge';
import { PageDialog } from './page-dialog';
import { evidenceHref, type StorePage, useDeleteStorePage } from './stores-api';

/**
 * One monitored page: its type, schedule and steps, its last scan, its PCI DSS 6.4.3 and 11.6.1
 * status with the reasons, and the assessor's evidence (CSV, PDF). Administrators edit and remove it.
 */
export function PageCard({ page, canEdit }: { page: StorePage; canEdit: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const when = (value: string | null) =>
    value ? format.date(value, { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const scan = page.last_scan;
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="l2" p="3" bg="bg.panel" data-testid="store-page">
      <HStack gap="2" justify="space-between" flexWrap="wrap">
        <Stack gap="1" minW="0">
          <Heading as="h4" size="sm" overflowWrap="anywhere">
            <ExternalLink url={page.url} colorPalette="blue" />
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="surface" size="sm">
              {t(`scripts.pageTypes.${page.page_type}`)}
            </Badge>
            {page.enabled ? null : (
              <Badge colorPalette="gray" variant="outline" size="sm">
                {t('scripts.stores.pages.disabled')}
              </Badge>
            )}
          </HStack>
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="xs" variant="outline">
            <a
              href={evidenceHref(page.id, 'csv')}
              download
              aria-label={t('scripts.stores.pages.evidenceCsvOf', { url: page.url })}
            >
              {t('scripts.stores.pages.evidenceCsv')}
            </a>
          </Button>
          <Button asChild size="xs" variant="outline">
            <a
              href={evidenceHref(page.id, 'pdf')}
              download
              aria-label={t('scripts.stores.pages.evidencePdfOf', { url: page.url })}
            >
              {t('scripts.stores.pages.evidencePdf')}
            </a>
          </Button>
          {canEdit ? <PageDialog storeId={page.store_id} page={page} /> : null}
          {canEdit ? <DeletePage page={page} /> : null}
        </HStack>
      </HStack>
      <EvidenceList
        items={[
          {
            label: t('scripts.stores.pages.interval'),
            value: t('scripts.stores.pages.every', { count: page.scan_interval_hours }),
          },
          {
            label: t('scripts.stores.steps.title'),
            value: t('scripts.stores.steps.count', { count: page.steps.length }),
          },
          {
            label: t('scripts.stores.pages.lastScan'),
            value: scan ? (
              <HStack gap="2" flexWrap="wrap">
                <ScanStatusBadge status={scan.status} />
                <Text as="span">{when(scan.finished_at ?? scan.started_at)}</Text>
              </HStack>
            ) : (
              t('scripts.stores.pages.neverScanned')
            ),
          },
          {
            label: t('scripts.stores.pages.scanResult'),
            value: scan
              ? (scan.error ??
                t('scripts.stores.pages.scanCounts', {
                  scripts: scan.scripts,
                  new: scan.new_scripts,
                  changed: scan.changed_scripts,
                  removed: scan.removed_scripts,
                  destinations: scan.new_destinations,
                }))
              : null,
          },
          { label: t('scripts.stores.pages.nextScan'), value: page.enabled ? when(page.next_scan_at) : null },
          {
            label: t('scripts.stores.pages.activeScripts'),
            value: (
              <Link asChild colorPalette="blue">
                <RouterLink to={`/scripts?page_id=${page.id}`}>
                  {t('scripts.stores.pages.scriptsOf', { count: page.active_scripts })}
                </RouterLink>
              </Link>
            ),
          },
          { label: t('scripts.stores.pages.openFindings'), value: format.number(page.open_findings) },
        ]}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Stack gap="1" data-testid="pci-6-4-3">
          <ComplianceBadge status={page.pci_6_4_3.status} requirement="6.4.3" />
          <ComplianceReasons reasons={page.pci_6_4_3.reasons} />
        </Stack>
        <Stack gap="1" data-testid="pci-11-6-1">
          <ComplianceBadge status={page.pci_11_6_1.status} requirement="11.6.1" />
          <ComplianceReasons reasons={page.pci_11_6_1.reasons} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}

/** Stops monitoring the page after a warning that its scans, inventory and findings go with it. */
function DeletePage({ page }: { page: StorePage }) {
  const { t } = useTranslation();
  const remove = useDeleteStorePage();
  const failure =
    remove.error instanceof ApiError ? remove.error.serverMessage : remove.error ? t('scripts.forms.saveFailed') : null;
  return (
    <ConfirmDialog
      label={t('scripts.stores.pages.remove')}
      title={t('scripts.stores.pages.removeTitle', { url: page.url })}
      message={t('scripts.stores.pages.removeWarning')}
      confirmLabel={t('scripts.stores.pages.remove')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failure}
      onOpen={remove.reset}
      onConfirm={() => remove.mutateAsync(page.id)}
    />
  );
}
