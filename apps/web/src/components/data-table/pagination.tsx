import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { numberFormat } from '@/lib/i18n/format';
import type { PageMeta } from './types';
import { PAGE_SIZES } from './use-table-state';

export interface PaginationProps {
  meta: PageMeta;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** "1–25 of 1,234" (or "of 10,000+" when the server stopped counting), page size, previous and next. */
export function Pagination({ meta, onPage, onPageSize }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.page_size + 1;
  const last = Math.min(meta.page * meta.page_size, Math.max(meta.total, first));
  const total = meta.total_is_lower_bound ? `${number.format(meta.total)}+` : number.format(meta.total);
  const pages = Math.max(1, Math.ceil(meta.total / meta.page_size));
  return (
    <HStack as="nav" aria-label={t('dataTable.pagination')} justify="space-between" flexWrap="wrap" gap="3" mt="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite" data-testid="table-range">
        {t('dataTable.range', { first: number.format(first), last: number.format(last), total })}
      </Text>
      <HStack gap="2">
        <SimpleSelect
          label={t('dataTable.pageSize')}
          value={String(meta.page_size)}
          onChange={(event) => onPageSize(Number(event.currentTarget.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('dataTable.perPage', { count: size })}
            </option>
          ))}
        </SimpleSelect>
        <Button size="sm" variant="outline" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
          {t('dataTable.previous')}
        </Button>
        <Text fontSize="sm" minW="20" textAlign="center">
          {meta.total_is_lower_bound
            ? t('dataTable.pageOnly', { page: number.format(meta.page) })
            : t('dataTable.pageOf', { page: number.format(meta.page), pages: number.format(pages) })}
        </Text>
        <Button size="sm" variant="outline" disabled={!meta.has_more} onClick={() => onPage(meta.page + 1)}>
          {t('dataTable.next')}
        </Button>
      </HStack>
    </HStack>
  );
}
