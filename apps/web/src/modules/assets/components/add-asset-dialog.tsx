import { Button, SimpleGrid } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { ASSET_TYPES, type AssetType, useCreateAsset } from '../api/assets-api';
import { parseTags } from './asset-edit';
import type { Inventory } from './inventory';

type Draft = { type: AssetType; value: string; supplier: string; tags: string; owner: string };

const draftOf = (inventory: Inventory): Draft => ({
  type: 'domain',
  value: '',
  supplier: inventory.owner === 'suppliers' && inventory.supplierId !== null ? String(inventory.supplierId) : '',
  tags: '',
  owner: '',
});

/**
 * "Add asset": one asset typed in by hand, into the company's inventory or (on the supplier screen)
 * the picked supplier's. The server normalises and checks the value; its refusal shows in the
 * dialog. Once added, the list refreshes and the asset opens in `?asset=`.
 */
export function AddAssetDialog({
  inventory,
  suppliers,
}: {
  inventory: Inventory;
  suppliers: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const create = useCreateAsset();
  const [draft, setDraft] = useState<Draft>(() => draftOf(inventory));
  const set = (key: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const ofSuppliers = inventory.owner === 'suppliers';
  const failure = create.error instanceof ApiError ? create.error.validationText() || create.error.serverMessage : null;
  const submit = (close: () => void) => {
    const supplierId = Number(draft.supplier);
    create.mutate(
      {
        type: draft.type,
        value: draft.value.trim(),
        ...(ofSuppliers ? { supplier_id: supplierId } : {}),
        tags: parseTags(draft.tags),
        owner: draft.owner.trim() || null,
      },
      {
        onSuccess: (asset) => {
          close();
          setParams((current) => {
            const next = new URLSearchParams(current);
            next.set('asset', String(asset.id));
            return next;
          });
        },
      },
    );
  };
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {t('assets.add.open')}
        </Button>
      }
      title={t('assets.add.title')}
      submitLabel={t('assets.add.submit')}
      onSubmit={submit}
      pending={create.isPending}
      error={failure}
      onOpen={() => {
        setDraft(draftOf(inventory));
        create.reset();
      }}
      testId="add-asset-dialog"
    >
      {ofSuppliers ? (
        <SimpleSelect
          label={t('assets.supplier')}
          value={draft.supplier}
          onChange={(e) => set('supplier')(e.currentTarget.value)}
          required
          width="full"
        >
          <option value="">{t('assets.add.pickSupplier')}</option>
          {suppliers.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.name}
            </option>
          ))}
        </SimpleSelect>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <SimpleSelect
          label={t('assets.type')}
          value={draft.type}
          onChange={(e) => set('type')(e.currentTarget.value)}
          width="full"
        >
          {ASSET_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`assets.types.${type}`)}
            </option>
          ))}
        </SimpleSelect>
        <TextInput
          label={t('assets.value')}
          name="value"
          value={draft.value}
          onValueChange={set('value')}
          required
          maxLength={2048}
        />
      </SimpleGrid>
      <TextInput
        label={t('assets.tagsField')}
        name="tags"
        value={draft.tags}
        onValueChange={set('tags')}
        maxLength={900}
      />
      <TextInput
        label={t('assets.owner')}
        name="owner"
        value={draft.owner}
        onValueChange={set('owner')}
        maxLength={200}
      />
    </FormDialog>
  );
}
