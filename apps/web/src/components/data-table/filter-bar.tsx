import { Button, chakra, HStack, useRecipe } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { CheckboxPopover } from './checkbox-popover';
import type { FilterDef } from './types';
import { useDebounced } from './use-debounced';
import type { TableActions, TableState } from './use-table-state';

export interface FilterBarProps {
  filters: FilterDef[];
  state: TableState & TableActions;
  /** Placeholder and label of the free-text search; without it there is no search box. */
  searchLabel?: string;
}

/** The search box (debounced) and the filters a screen declares, bound to the URL. */
export function FilterBar({ filters, state, searchLabel }: FilterBarProps) {
  const { t } = useTranslation();
  const inputRecipe = useRecipe({ key: 'input' });
  const [text, setText] = useState(state.q);
  const debounced = useDebounced(text, 300);
  const searchId = useId();
  const { q, setSearch } = state;

  // Only the typed text drives the URL; the URL changing (back/forward) resets the box below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: q and setSearch change with every URL change
  useEffect(() => {
    if (debounced !== q) setSearch(debounced);
  }, [debounced]);
  useEffect(() => setText(q), [q]);

  return (
    <HStack role="search" gap="2" flexWrap="wrap" alignItems="flex-end" mb="3">
      {searchLabel ? (
        <chakra.div minW={{ base: 'full', md: '64' }}>
          <chakra.label htmlFor={searchId} srOnly>
            {searchLabel}
          </chakra.label>
          <chakra.input
            id={searchId}
            type="search"
            value={text}
            placeholder={searchLabel}
            onChange={(event) => setText(event.currentTarget.value)}
            css={inputRecipe({ size: 'sm', variant: 'outline' })}
          />
        </chakra.div>
      ) : null}
      {filters.map((filter) => {
        if (filter.kind === 'select') {
          return (
            <SimpleSelect
              key={filter.id}
              label={filter.label}
              value={state.filters[filter.id]?.[0] ?? ''}
              onChange={(event) => state.setFilter(filter.id, [event.currentTarget.value])}
            >
              <option value="">{`${filter.label}: ${t('dataTable.any')}`}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SimpleSelect>
          );
        }
        if (filter.kind === 'multi') {
          const checked = state.filters[filter.id] ?? [];
          return (
            <CheckboxPopover
              key={filter.id}
              label={filter.label}
              options={filter.options}
              checked={checked}
              count={checked.length}
              onChange={(value, on) =>
                state.setFilter(filter.id, on ? [...checked, value] : checked.filter((v) => v !== value))
              }
            />
          );
        }
        return <DateRange key={filter.id} label={filter.label} state={state} />;
      })}
      {state.hasFilters ? (
        <Button variant="ghost" size="sm" onClick={() => state.clearFilters()}>
          {t('dataTable.clearFilters')}
        </Button>
      ) : null}
    </HStack>
  );
}

function DateRange({ label, state }: { label: string; state: TableState & TableActions }) {
  const { t } = useTranslation();
  const recipe = useRecipe({ key: 'input' });
  const id = useId();
  return (
    <chakra.fieldset border="0" m="0" p="0" display="flex" gap="1" alignItems="center">
      <chakra.legend srOnly>{label}</chakra.legend>
      {(['from', 'to'] as const).map((key) => (
        <chakra.div key={key} display="flex" alignItems="center" gap="1">
          <chakra.label htmlFor={`${id}-${key}`} fontSize="sm" color="fg.muted">
            {t(`dataTable.${key}`)}
          </chakra.label>
          <chakra.input
            id={`${id}-${key}`}
            type="date"
            value={state.filters[key]?.[0] ?? ''}
            onChange={(event) => state.setFilter(key, [event.currentTarget.value])}
            css={recipe({ size: 'sm', variant: 'outline' })}
            width="auto"
          />
        </chakra.div>
      ))}
    </chakra.fieldset>
  );
}
