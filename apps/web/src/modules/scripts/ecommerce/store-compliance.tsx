import { Badge, Box, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { filteredListHref } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { ScanStatusBadge } from '../scripts/badges';
import { ComplianceBadge, ComplianceReasons } from '../stores/compliance-badge';
import { evidenceHref } from '../stores/stores-api';
import type { CompliancePage, ComplianceStore } from './ecommerce-api';

/**
 * One check of a requirement, passed or not: the mark and the words say it (the error colour on the
 * panel fell short of AA contrast at this size), a failed one in bold.
 */
function Check({ passed, label }: { passed: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <Text fontSize="sm" fontWeight={passed ? undefined : 'semibold'}>
      {t(passed ? 'scripts.ecommerce.checkPassed' : 'scripts.ecommerce.checkFailed', { check: label })}
    </Text>
  );
}

/** A store's two statuses, then each page's: both requirements with their checks and reasons, and its evidence. */
export function StoreCompliance({ store }: { store: ComplianceStore }) {
  const { t } = useTranslation();
  return (
    <Box as="section" aria-labelledby={`store-${store.id}`} borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <HStack gap="2" flexWrap="wrap" mb="3">
        <Heading as="h2" size="md" id={`store-${store.id}`}>
          {store.name}
        </Heading>
        <Badge size="sm" variant="outline">
          {t(`scripts.stores.platforms.${store.platform}`)}
        </Badge>
        <ComplianceBadge status={store.pci_6_4_3} requirement="6.4.3" />
        <ComplianceBadge status={store.pci_11_6_1} requirement="11.6.1" />
      </HStack>
      {store.pages.length === 0 ? (
        <Text color="fg.muted">{t('scripts.ecommerce.noPages')}</Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" data-testid={`store-${store.id}-pages`}>
            <Table.Caption srOnly>{t('scripts.ecommerce.pagesCaption', { store: store.name })}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('scripts.manager.page')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('scripts.ecommerce.lastScan')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('scripts.compliance.pci643')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('scripts.compliance.pci1161')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('scripts.ecommerce.evidence')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {store.pages.map((page) => (
                <PageRow key={page.id} page={page} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}

function PageRow({ page }: { page: CompliancePage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const p643 = page.pci_6_4_3;
  const p1161 = page.pci_11_6_1;
  return (
    <Table.Row data-testid={`page-${page.id}`} verticalAlign="top">
      <Table.Cell>
        <Stack gap="1">
          <Link asChild colorPalette="blue" overflowWrap="anywhere">
            <RouterLink to={filteredListHref('/scripts', { page_id: String(page.id) })}>{page.url}</RouterLink>
          </Link>
          <HStack gap="2" flexWrap="wrap" fontSize="xs" color="fg.muted">
            <Text as="span">{t(`scripts.pageTypes.${page.page_type}`)}</Text>
            <Text as="span">{t('scripts.ecommerce.scripts', { count: page.active_scripts })}</Text>
            <Text as="span">{t('scripts.ecommerce.openFindings', { count: page.open_findings })}</Text>
          </HStack>
        </Stack>
      </Table.Cell>
      <Table.Cell>
        {page.last_scan ? (
          <Stack gap="1">
            <ScanStatusBadge status={page.last_scan.status} />
            <Text fontSize="xs" color="fg.muted">
              {format.date(page.last_scan.started_at, { dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('scripts.ecommerce.neverScanned')}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <ComplianceBadge status={p643.status} />
          <Check passed={p643.inventory_complete} label={t('scripts.ecommerce.checks.inventoryComplete')} />
          <Check passed={p643.all_authorised} label={t('scripts.ecommerce.checks.allAuthorised')} />
          <Check passed={p643.integrity_assured} label={t('scripts.ecommerce.checks.integrityAssured')} />
          <ComplianceReasons reasons={p643.reasons} />
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <Stack gap="1">
          <ComplianceBadge status={p1161.status} />
          <Check passed={p1161.scans_on_schedule} label={t('scripts.ecommerce.checks.scansOnSchedule')} />
          <Check passed={p1161.no_unhandled_alerts} label={t('scripts.ecommerce.checks.noUnhandledAlerts')} />
          <ComplianceReasons reasons={p1161.reasons} />
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1">
          {(['csv', 'pdf'] as const).map((kind) => (
            <Button key={kind} asChild size="xs" variant="outline">
              <a href={evidenceHref(page.id, kind)} download>
                {t(`scripts.ecommerce.evidenceFormat.${kind}`)}
              </a>
            </Button>
          ))}
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
}
