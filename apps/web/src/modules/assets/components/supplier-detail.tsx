import { Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EvidenceList } from '@/components/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DemoBadge } from '@/components/ui/finding-badges';
import { RatingSummary } from '@/components/ui/grade-badge';
import { useFormat } from '@/lib/i18n/format';
import { type Supplier, useDeleteSupplier, useSupplier } from '../api/suppliers-api';
import { TierBadge } from './badges';
import { SupplierDialog } from './supplier-form';

/**
 * One supplier of the portfolio: its facts, rating and trend, its scope domains, a link to its
 * assets, edit (those who may change) and delete (administrators).
 */
export function SupplierDetail({ id, canChange, canDelete }: { id: number; canChange: boolean; canDelete: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const supplier = useSupplier(id);
  if (supplier.isPending) return <Skeleton height="32" />;
  if (!supplier.data) return <Text color="fg.error">{t('assets.loadFailed')}</Text>;
  const s = supplier.data;
  const day = (value: string | null) => (value ? format.date(value, { dateStyle: 'medium', timeZone: 'UTC' }) : null);
  return (
    <Stack gap="5" data-testid="supplier-detail">
      <HStack gap="2" justify="space-between" flexWrap="wrap">
        <HStack gap="2">
          <Heading as="h3" size="md">
            {s.name}
          </Heading>
          <TierBadge tier={s.tier} />
          {s.is_demo ? <DemoBadge /> : null}
        </HStack>
        <HStack gap="2">
          {canChange ? <SupplierDialog supplier={s} /> : null}
          {canDelete ? <DeleteSupplier supplier={s} /> : null}
        </HStack>
      </HStack>
      <EvidenceList
        items={[
          {
            label: t('assets.rating'),
            value: s.rating ? (
              <RatingSummary grade={s.rating.grade} score={s.rating.score} change={s.rating.change_30d} />
            ) : (
              t('assets.notRated')
            ),
          },
          { label: t('assets.openFindings'), value: format.number(s.open_findings) },
          {
            label: t('assets.assetCount'),
            value: (
              <Link asChild colorPalette="blue">
                <RouterLink to={`/supplierassets?supplier=${s.id}`}>
                  {t('assets.viewAssets', { count: s.asset_count })}
                </RouterLink>
              </Link>
            ),
          },
          { label: t('assets.scope.domains'), value: s.domains.join(', ') },
          { label: t('assets.website'), value: s.website },
          { label: t('assets.contactName'), value: s.contact_name },
          { label: t('assets.contactEmail'), value: s.contact_email },
          { label: t('assets.contractStart'), value: day(s.contract_start) },
          { label: t('assets.contractEnd'), value: day(s.contract_end) },
          {
            label: t('assets.questionnaire'),
            value: s.questionnaire_status ? t(`assets.questionnaireStatus.${s.questionnaire_status}`) : null,
          },
        ]}
      />
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {t('assets.notes')}
        </Heading>
        <Text whiteSpace="pre-wrap" color={s.notes ? undefined : 'fg.muted'}>
          {s.notes ?? '—'}
        </Text>
      </Stack>
    </Stack>
  );
}

/** Deletes the supplier after a warning that its assets, scope and findings go with it; the drawer closes. */
function DeleteSupplier({ supplier }: { supplier: Supplier }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const remove = useDeleteSupplier();
  const failure =
    remove.error instanceof ApiError ? remove.error.serverMessage : remove.error ? t('assets.loadFailed') : null;
  return (
    <ConfirmDialog
      label={t('assets.deleteSupplier.open')}
      title={t('assets.deleteSupplier.title', { name: supplier.name })}
      message={t('assets.deleteSupplier.warning', { name: supplier.name })}
      confirmLabel={t('assets.deleteSupplier.confirm')}
      cancelLabel={t('assets.deleteSupplier.cancel')}
      pending={remove.isPending}
      error={failure}
      onOpen={remove.reset}
      onConfirm={async () => {
        await remove.mutateAsync(supplier.id);
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete('open');
          return next;
        });
      }}
    />
  );
}
