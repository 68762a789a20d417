import { Button, HStack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FindingDrawer, type FindingSlots, useTableState } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { type CompliancePage, useCompliance } from '../ecommerce/ecommerce-api';
import { evidenceHref } from '../stores/stores-api';
import { EvidenceDialog, ScanPageDialog } from './page-pick-dialogs';
import { ScanList, ScanNowButton } from './scan-list';
import { idOf, ScriptTable, scriptFilters } from './script-table';

const TABS = ['inventory', 'scans'] as const;
type Tab = (typeof TABS)[number];

/**
 * The Script Manager (`/scripts`): the inventory of every script on the monitored pages with its
 * authorisation (tab 1) and the page scans with their diffs (tab 2), for every page or the store
 * and page picked (`?store_id=`, `?page_id=`). A page can be scanned now and exported as evidence
 * for the assessor: the picked one at once, else the one chosen in the dialog. Findings open in `?open=`.
 */
export function ScriptsScreen({ slots }: { slots: FindingSlots }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((v) => v === params.get('tab')) ?? 'inventory';
  const canChange = slots.useCanChange();
  const compliance = useCompliance();
  const stores = compliance.data?.stores ?? [];
  const filters = scriptFilters(t, stores, idOf(params.get('store_id') ?? undefined));
  const state = useTableState(filters, { openKey: 'script' });
  const storeId = idOf(state.filters.store_id?.[0]);
  const pageId = idOf(state.filters.page_id?.[0]);
  const pages = stores.flatMap((s) => s.pages);
  const page = pages.find((p) => p.id === pageId);
  // Another tab keeps the picked store and page; the rest (filters, pages, drawers) was the tab's.
  const show = (next: Tab) =>
    setParams(() => {
      const kept = new URLSearchParams();
      if (next !== 'inventory') kept.set('tab', next);
      if (storeId) kept.set('store_id', String(storeId));
      if (pageId) kept.set('page_id', String(pageId));
      return kept;
    });
  return (
    <>
      <PageHeader
        title={t('screens.scripts.title')}
        trail={[t('nav.groups.ecommerce')]}
        description={t('scripts.manager.description')}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {stores.some((s) => s.is_demo) ? <DemoBadge /> : null}
            {page ? (
              <PageActions page={page} canChange={canChange} />
            ) : (
              // No page picked in the filters: the same actions ask for the page in a dialog.
              <>
                {canChange ? <ScanPageDialog pages={pages} /> : null}
                <EvidenceDialog pages={pages} />
              </>
            )}
          </HStack>
        }
      />
      <Tabs.Root value={tab} onValueChange={(event) => show(event.value as Tab)} variant="line">
        <Tabs.List mb="4">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`scripts.manager.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="inventory">
          {tab === 'inventory' ? <ScriptTable filters={filters} state={state} canChange={canChange} /> : null}
        </Tabs.Content>
        <Tabs.Content value="scans">
          {tab === 'scans' ? <ScanList storeId={storeId} pageId={pageId} /> : null}
        </Tabs.Content>
      </Tabs.Root>
      <FindingDrawer title={t('scripts.manager.findingTitle')} renderFinding={slots.renderFinding} />
    </>
  );
}

/** For the picked page: scan it now (administrators and analysts) and its evidence for the assessor. */
function PageActions({ page, canChange }: { page: CompliancePage; canChange: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {canChange && page.enabled ? <ScanNowButton pageId={page.id} /> : null}
      {(['csv', 'pdf'] as const).map((format) => (
        <Button key={format} asChild size="sm" variant="outline">
          <a href={evidenceHref(page.id, format)} download>
            {t(`scripts.manager.evidence.${format}`)}
          </a>
        </Button>
      ))}
    </>
  );
}
