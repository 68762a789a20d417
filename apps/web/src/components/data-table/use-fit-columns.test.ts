import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './filter-bar';
import type { ColumnDef, FilterDef } from './types';
import { dropOrder } from './use-fit-columns';

const column = (id: string, extra: Partial<ColumnDef<unknown>> = {}): ColumnDef<unknown> => ({
  id,
  header: id,
  cell: () => id,
  ...extra,
});

describe('dropOrder', () => {
  it('never drops the primary column; the least important and rightmost go first', () => {
    const columns = [
      column('name', { primary: true }),
      column('severity', { priority: 1 }),
      column('host'),
      column('hash', { priority: 3 }),
      column('due'),
      column('kev', { priority: 3 }),
    ];
    expect(dropOrder(columns)).toEqual(['kev', 'hash', 'due', 'host', 'severity']);
  });
});

describe('activeFilterCount', () => {
  const filters: FilterDef[] = [
    { id: 'severity', kind: 'multi', label: 'Severity', options: [] },
    { id: 'host', kind: 'text', label: 'Host' },
    { id: 'period', kind: 'date-range', label: 'Period' },
  ];
  const state = (values: Record<string, string[]>) =>
    ({ filters: values }) as unknown as Parameters<typeof activeFilterCount>[1];

  it('counts each filter in use once, a date range once for from and to', () => {
    expect(activeFilterCount(filters, state({}))).toBe(0);
    expect(activeFilterCount(filters, state({ severity: ['high', 'low'], host: [''] }))).toBe(1);
    expect(activeFilterCount(filters, state({ from: ['2026-01-01'], to: ['2026-02-01'], host: ['a'] }))).toBe(2);
  });
});
