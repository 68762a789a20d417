import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './filter-bar';
import type { ColumnDef, FilterDef } from './types';
import { columnsToDrop, dropOrder } from './use-fit-columns';

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

describe('columnsToDrop', () => {
  const widths = new Map([
    ['kev', 60],
    ['hash', 240],
    ['due', 90],
    ['host', 180],
  ]);
  it('leaves out, in drop order, just the columns whose widths cover the overflow', () => {
    expect(columnsToDrop(['kev', 'hash', 'due', 'host'], widths, 40)).toEqual(['kev']);
    expect(columnsToDrop(['kev', 'hash', 'due', 'host'], widths, 61)).toEqual(['kev', 'hash']);
    expect(columnsToDrop(['kev', 'hash', 'due', 'host'], widths, 390)).toEqual(['kev', 'hash', 'due']);
  });
  it('drops one column at least, every one when all of them do not cover the overflow, one when not measured', () => {
    expect(columnsToDrop(['kev', 'hash'], new Map(), 500)).toEqual(['kev']);
    expect(columnsToDrop(['kev', 'other', 'hash'], widths, 500)).toEqual(['kev', 'other']);
    expect(columnsToDrop(['kev', 'hash', 'due', 'host'], widths, 5000)).toEqual(['kev', 'hash', 'due', 'host']);
    expect(columnsToDrop([], widths, 100)).toEqual([]);
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
