import { HStack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FindingDrawer, type FindingSlots } from '@/components/data-table';
import { PageHeader } from '@/components/layout/page-header';
import { DemoBadge } from '@/components/ui/finding-badges';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useSupplierChoices } from '../api/suppliers-api';
import { AddAssetDialog } from './add-asset-dialog';
import { AssetTable } from './asset-table';
import { type Inventory, probedInventory } from './inventory';
import { ProbeRuns, RunProbesButton } from './probe-runs';
import { ScopeEditor } from './scope-editor';

const TABS = ['inventory', 'runs', 'scope'] as const;
type Tab = (typeof TABS)[number];

/** The company's own attack surface (`/companyassets`). */
export function CompanyAssetsScreen({ slots }: { slots: FindingSlots }) {
  return <AssetsScreen slots={slots} inventory={{ owner: 'company' }} />;
}

/** The suppliers' attack surface (`/supplierassets`): every supplier's, or the one picked (`?supplier=`). */
export function SupplierAssetsScreen({ slots }: { slots: FindingSlots }) {
  const [params] = useSearchParams();
  const picked = Number(params.get('supplier'));
  const supplierId = Number.isInteger(picked) && picked > 0 ? picked : null;
  return <AssetsScreen slots={slots} inventory={{ owner: 'suppliers', supplierId }} />;
}

/** The inventory (tab 1), its probe runs with their diffs (tab 2) and its scope (tab 3). */
function AssetsScreen({ slots, inventory }: { slots: FindingSlots; inventory: Inventory }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((v) => v === params.get('tab')) ?? 'inventory';
  const canChange = slots.useCanChange();
  const isAdministrator = slots.useIsAdministrator();
  const [demo, setDemo] = useState(false);
  const onDemo = useCallback((value: boolean) => setDemo(value), []);
  const suppliers = useSupplierChoices();
  const probed = probedInventory(inventory);
  const ofSuppliers = inventory.owner === 'suppliers';
  const screen = ofSuppliers ? 'supplier-assets' : 'company-assets';
  // A tab or a supplier starts afresh: filters, pages and open drawers belong to what was shown.
  const show = (changes: { tab?: Tab; supplier?: string }) =>
    setParams(() => {
      const next = new URLSearchParams();
      const nextTab = changes.tab ?? tab;
      if (nextTab !== 'inventory') next.set('tab', nextTab);
      const supplier = changes.supplier ?? params.get('supplier') ?? '';
      if (ofSuppliers && supplier) next.set('supplier', supplier);
      return next;
    });

  return (
    <>
      <PageHeader
        title={t(`screens.${screen}.title`)}
        trail={[t('nav.groups.attack-surface')]}
        description={t(ofSuppliers ? 'assets.supplierDescription' : 'assets.description')}
        status={demo ? <DemoBadge /> : null}
        actions={
          <HStack gap="2" flexWrap="wrap">
            {canChange && probed ? <RunProbesButton supplierId={probed.supplierId} /> : null}
            {slots.renderImport('assets', ofSuppliers ? suppliers.data : undefined)}
            {canChange ? <AddAssetDialog inventory={inventory} suppliers={suppliers.data} /> : null}
          </HStack>
        }
      />
      {ofSuppliers ? (
        <HStack mb="4" gap="2">
          <SimpleSelect
            label={t('assets.supplier')}
            value={params.get('supplier') ?? ''}
            onChange={(event) => show({ supplier: event.currentTarget.value })}
          >
            <option value="">{t('assets.allSuppliers')}</option>
            {suppliers.data.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.name}
              </option>
            ))}
          </SimpleSelect>
        </HStack>
      ) : null}
      <Tabs.Root value={tab} onValueChange={(event) => show({ tab: event.value as Tab })} variant="line">
        <Tabs.List mb="4">
          {TABS.map((value) => (
            <Tabs.Trigger key={value} value={value}>
              {t(`assets.tabs.${value}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="inventory">
          {tab === 'inventory' ? <AssetTable inventory={inventory} canChange={canChange} onDemo={onDemo} /> : null}
        </Tabs.Content>
        <Tabs.Content value="runs">
          {tab === 'runs' ? probed ? <ProbeRuns supplierId={probed.supplierId} /> : <PickSupplier /> : null}
        </Tabs.Content>
        <Tabs.Content value="scope">
          {tab === 'scope' ? (
            probed ? (
              <ScopeEditor supplierId={probed.supplierId} canEdit={isAdministrator} />
            ) : (
              <PickSupplier />
            )
          ) : null}
        </Tabs.Content>
      </Tabs.Root>
      <FindingDrawer title={t('assets.findingTitle')} renderFinding={slots.renderFinding} />
    </>
  );
}

function PickSupplier() {
  const { t } = useTranslation();
  return <Text color="fg.muted">{t('assets.pickSupplier')}</Text>;
}
