import { Button, chakra, HStack, useRecipe } from '@chakra-ui/react';
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

/** The search box (debounced) and the filters a screen declares, bound to the URL. */
export function FilterBar({ filters, state, searchLabel }: FilterBarProps) {
  const { t } = useTranslation();
  return (
    <HStack role="search" gap="2" flexWrap="wrap" alignItems="flex-end" mb="3">
      {searchLabel ? (
        <DebouncedInput type="search" label={searchLabel} value={state.q} onCommit={state.setSearch} />
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
    <chakra.div minW={{ base: 'full', md: type === 'search' ? '64' : '40' }}>
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
