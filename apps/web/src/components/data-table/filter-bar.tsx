import { Badge, Button, chakra, HStack, useRecipe } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
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

/** How many of the declared filters are in use (a date range counts once). */
export function activeFilterCount(filters: FilterDef[], state: TableState): number {
  const used = (id: string) => (state.filters[id] ?? []).some((v) => v !== '');
  return filters.filter((f) => (f.kind === 'date-range' ? used('from') || used('to') : used(f.id))).length;
}

/**
 * The search box (debounced) and the filters a screen declares, bound to the URL. On a phone the
 * filters wait behind one "Filters" button that counts those in use, so the first rows stay in the
 * first screenful (issue 33: Credentials stacked nine filters above its first row).
 */
export function FilterBar({ filters, state, searchLabel }: FilterBarProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(filters, state);
  return (
    <HStack role="search" gap="2" flexWrap="wrap" alignItems="flex-end" mb="3">
      {searchLabel ? (
        <DebouncedInput type="search" label={searchLabel} value={state.q} onCommit={state.setSearch} />
      ) : null}
      {filters.length > 0 ? (
        <Button
          hideFrom="md"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={active > 0 ? t('dataTable.filtersActive', { count: active }) : t('dataTable.filters')}
          onClick={() => setOpen((current) => !current)}
        >
          {t('dataTable.filters')}
          {active > 0 ? (
            <Badge size="sm" colorPalette="brand" variant="solid">
              {active}
            </Badge>
          ) : null}
        </Button>
      ) : null}
      <HStack
        id={panelId}
        data-testid="filter-panel"
        gap="2"
        flexWrap="wrap"
        alignItems="flex-end"
        width={{ base: 'full', md: 'auto' }}
        display={{ base: open ? 'flex' : 'none', md: 'contents' }}
      >
        {filters.map((filter) => {
          if (filter.kind === 'select') {
            return (
              <SimpleSelect
                key={filter.id}
                label={filter.label}
                value={state.filters[filter.id]?.[0] ?? ''}
                onChange={(event) => state.setFilter(filter.id, [event.currentTarget.value])}
              >
                <option value="">{filter.anyLabel ?? `${filter.label}: ${t('dataTable.any')}`}</option>
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
          if (filter.kind === 'text') {
            return (
              <DebouncedInput
                key={filter.id}
                type="text"
                label={filter.label}
                value={state.filters[filter.id]?.[0] ?? ''}
                onCommit={(value) => state.setFilter(filter.id, [value])}
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
    </HStack>
  );
}

/** A text box whose typing reaches the URL after a pause; the URL changing (back, clear) resets it. */
function DebouncedInput({
  type,
  label,
  value,
  onCommit,
}: {
  type: 'search' | 'text';
  label: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  const inputRecipe = useRecipe({ key: 'input' });
  const [text, setText] = useState(value);
  const debounced = useDebounced(text, 300);
  const id = useId();

  // Only the typed text drives the URL; the URL's value flows back through the second effect.
  // biome-ignore lint/correctness/useExhaustiveDependencies: value and onCommit change with every URL change
  useEffect(() => {
    if (debounced !== value) onCommit(debounced);
  }, [debounced]);
  useEffect(() => setText(value), [value]);

  return (
    // On a phone the search shares its line with the Filters button.
    <chakra.div
      minW={{ base: type === 'search' ? '0' : 'full', md: type === 'search' ? '64' : '40' }}
      flex={{ base: type === 'search' ? '1' : undefined, md: 'initial' }}
    >
      <chakra.label htmlFor={id} srOnly>
        {label}
      </chakra.label>
      <chakra.input
        id={id}
        type={type}
        value={text}
        placeholder={label}
        onChange={(event) => setText(event.currentTarget.value)}
        css={inputRecipe({ size: 'sm', variant: 'outline' })}
      />
    </chakra.div>
  );
}

function DateRange({ label, state }: { label: string; state: TableState & TableActions }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <chakra.fieldset border="0" m="0" p="0" display="flex" gap="1" alignItems="center">
      <chakra.legend srOnly>{label}</chakra.legend>
      {(['from', 'to'] as const).map((key) => (
        <chakra.div key={key} display="flex" alignItems="center" gap="1">
          <chakra.label htmlFor={`${id}-${key}`} fontSize="sm" color="fg.muted">
            {t(`dataTable.${key}`)}
          </chakra.label>
          <DateField
            id={`${id}-${key}`}
            value={state.filters[key]?.[0] ?? ''}
            onChange={(value) => state.setFilter(key, [value])}
          />
        </chakra.div>
      ))}
    </chakra.fieldset>
  );
}
