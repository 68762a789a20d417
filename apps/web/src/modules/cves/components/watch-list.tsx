import { Alert, Box, Button, chakra, Heading, HStack, Tag, Text, useRecipe } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '@/components/data-table/use-debounced';
import { useFormat } from '@/lib/i18n/format';
import { useProducts, useWatchList, useWatchListChange } from '../api/cves-api';

/** The company's technology watch list (vendor or vendor:product from CPE names), with suggestions. */
export function WatchList({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const recipe = useRecipe({ key: 'input' });
  const items = useWatchList();
  const { add, remove } = useWatchListChange();
  const [text, setText] = useState('');
  const suggestions = useProducts(useDebounced(text, 250));
  const inputId = useId();
  const listId = useId();
  const failure = add.error instanceof ApiError ? add.error.serverMessage || add.error.message : null;

  const submit = () => {
    const [vendor = '', product] = text.trim().toLowerCase().split(':');
    if (!vendor) return;
    add.mutate({ vendor, product: product || null }, { onSuccess: () => setText('') });
  };

  return (
    <Box as="section" aria-labelledby={`${inputId}-h`} borderWidth="1px" borderRadius="l3" p="4" mb="5" bg="bg.panel">
      <Heading as="h2" size="sm" id={`${inputId}-h`} mb="2">
        {t('cves.watchList')}
      </Heading>
      <HStack gap="2" flexWrap="wrap" mb="3" data-testid="watch-list">
        {(items.data ?? []).length === 0 && !items.isPending ? (
          <Text fontSize="sm" color="fg.muted">
            {t('cves.watchEmpty')}
          </Text>
        ) : null}
        {(items.data ?? []).map((item) => (
          <Tag.Root key={item.id} size="lg" variant="surface">
            <Tag.Label>
              {item.product ? `${item.vendor}:${item.product}` : `${item.vendor}:*`}
              {` (${format.number(item.match_count)})`}
            </Tag.Label>
            {readOnly ? null : (
              <Tag.EndElement>
                <Tag.CloseTrigger
                  aria-label={t('cves.unwatch', { name: item.product ?? item.vendor })}
                  onClick={() => remove.mutate(item.id)}
                />
              </Tag.EndElement>
            )}
          </Tag.Root>
        ))}
      </HStack>
      {readOnly ? null : (
        <chakra.form
          display="flex"
          gap="2"
          flexWrap="wrap"
          alignItems="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Box flex="1" minW="64">
            <chakra.label htmlFor={inputId} fontSize="sm" fontWeight="medium">
              {t('cves.watchAdd')}
            </chakra.label>
            <chakra.input
              id={inputId}
              list={listId}
              value={text}
              placeholder={t('cves.watchPlaceholder')}
              onChange={(event) => setText(event.currentTarget.value)}
              css={recipe({ size: 'sm', variant: 'outline' })}
            />
            <datalist id={listId}>
              {(suggestions.data ?? []).map((p) => (
                <option key={`${p.vendor}:${p.product}`} value={`${p.vendor}:${p.product}`}>
                  {t('cves.productCves', { count: p.cve_count })}
                </option>
              ))}
            </datalist>
          </Box>
          <Button type="submit" size="sm" loading={add.isPending} disabled={!text.trim()}>
            {t('cves.watch')}
          </Button>
        </chakra.form>
      )}
      {failure ? (
        <Alert.Root status="error" mt="2">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Box>
  );
}
