import { Badge, chakra, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EvidenceList } from '@/components/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ExternalLink } from '@/components/ui/external-link';
import { DemoBadge } from '@/components/ui/finding-badges';
import { ComplianceBadge } from './compliance-badge';
import { PageCard } from './page-card';
import { PageDialog } from './page-dialog';
import { StoreDialog } from './store-dialog';
import { type Store, useDeleteStore, useStore } from './stores-api';

/** One store: its facts and status, its monitored pages; administrators edit and remove both. */
export function StoreDetail({ id, canEdit }: { id: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const store = useStore(id);
  if (store.isPending) return <Skeleton height="32" />;
  if (!store.data) return <Text color="fg.error">{t('scripts.forms.loadFailed')}</Text>;
  const s = store.data;
  return (
    <Stack gap="5" data-testid="store-detail">
      <HStack gap="2" justify="space-between" flexWrap="wrap">
        <HStack gap="2">
          <Heading as="h3" size="md">
            {s.name}
          </Heading>
          <Badge variant="surface" size="sm">
            {t(`scripts.stores.platforms.${s.platform}`)}
          </Badge>
          {s.is_demo ? <DemoBadge /> : null}
        </HStack>
        {canEdit ? (
          <HStack gap="2">
            <StoreDialog store={s} />
            <DeleteStore store={s} />
          </HStack>
        ) : null}
      </HStack>
      <EvidenceList
        items={[
          { label: t('scripts.stores.accountName'), value: s.account_name },
          { label: t('scripts.stores.domains'), value: s.domains.join(', ') },
          {
            label: t('scripts.stores.checkoutUrl'),
            value: s.checkout_url ? <ExternalLink url={s.checkout_url} colorPalette="blue" /> : null,
          },
          { label: t('scripts.compliance.pci643'), value: <ComplianceBadge status={s.pci_6_4_3} /> },
          { label: t('scripts.compliance.pci1161'), value: <ComplianceBadge status={s.pci_11_6_1} /> },
        ]}
      />
      <Stack gap="3">
        <HStack justify="space-between" gap="2">
          <Heading as="h3" size="sm">
            {t('scripts.stores.pages.title', { count: s.pages.length })}
          </Heading>
          {canEdit ? <PageDialog storeId={s.id} page={null} /> : null}
        </HStack>
        {s.pages.length === 0 ? (
          <Text color="fg.muted">{t(canEdit ? 'scripts.stores.pages.noneAdmin' : 'scripts.stores.pages.none')}</Text>
        ) : (
          <chakra.ul listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="3">
            {s.pages.map((page) => (
              <PageCard key={page.id} page={page} canEdit={canEdit} />
            ))}
          </chakra.ul>
        )}
      </Stack>
    </Stack>
  );
}

/** Removes the store after a warning that its pages, scans, inventory and findings go with it; the drawer closes. */
function DeleteStore({ store }: { store: Store }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const remove = useDeleteStore();
  const failure =
    remove.error instanceof ApiError ? remove.error.serverMessage : remove.error ? t('scripts.forms.saveFailed') : null;
  return (
    <ConfirmDialog
      label={t('scripts.stores.remove')}
      title={t('scripts.stores.removeTitle', { name: store.name })}
      message={t('scripts.stores.removeWarning', { name: store.name })}
      confirmLabel={t('scripts.stores.remove')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failure}
      onOpen={remove.reset}
      onConfirm={async () => {
        await remove.mutateAsync(store.id);
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete('store');
          return next;
        });
      }}
    />
  );
}
