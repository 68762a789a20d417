import { type RefObject, useLayoutEffect, useState } from 'react';
import type { ColumnDef } from './types';

/** A column's rank when room runs out: 0 never goes (the primary column), higher numbers go first. */
export function columnPriority<Row>(column: ColumnDef<Row>): number {
  if (column.primary) return 0;
  return column.priority ?? 2;
}

/** The columns to drop, in order: the least important first, and among equals the rightmost first. */
export function dropOrder<Row>(columns: ColumnDef<Row>[]): string[] {
  return columns
    .map((column, index) => ({ id: column.id, rank: columnPriority(column), index }))
    .filter((c) => c.rank > 0)
    .sort((a, b) => b.rank - a.rank || b.index - a.index)
    .map((c) => c.id);
}

/**
 * The next columns of `order` whose widths together cover `overflow` pixels (at least one): a table
 * wider than its box has its columns at their narrowest, so leaving them out frees their widths. A
 * column whose width is not known ends the batch (it goes alone; the table is measured again).
 */
export function columnsToDrop(order: string[], widths: Map<string, number>, overflow: number): string[] {
  const next: string[] = [];
  let freed = 0;
  for (const id of order) {
    next.push(id);
    const width = widths.get(id);
    // A column not measured: it goes, then the table is measured again.
    if (width === undefined) break;
    freed += width;
    if (freed >= overflow) break;
  }
  return next;
}

/**
 * The one layout rule of every list (issue 33): a table never scrolls sideways while a less important
 * column can make room. After each layout, while the table is wider than its box, the next column of
 * `dropOrder` is left out (as many as its overflow needs at once); a wider box, other rows or other columns start again from all columns.
 * Runs before paint (layout effect), so the user never sees the too-wide table.
 */
export function useFitColumns<Row>(
  box: RefObject<HTMLElement | null>,
  columns: ColumnDef<Row>[],
  contentKey: string,
): string[] {
  const [width, setWidth] = useState(0);
  // The headers are in the key: another language has other widths.
  const key = `${width}|${columns.map((c) => `${c.id}:${c.header}`).join('|')}|${contentKey}`;
  const [fit, setFit] = useState<{ key: string; dropped: string[] }>({ key, dropped: [] });
  // New width, rows or columns: measured from all columns again.
  const dropped = fit.key === key ? fit.dropped : [];

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.round(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);

  // Measured after every render of the table (no dependency list on purpose). The columns that make
  // up the overflow go together (one more render, not one per column: each render draws every cell).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || element.clientWidth === 0) return;
    const overflow = element.scrollWidth - element.clientWidth;
    if (overflow <= 1) return;
    const widths = new Map<string, number>();
    for (const header of element.querySelectorAll<HTMLElement>('th[data-column]')) {
      widths.set(header.dataset.column ?? '', header.getBoundingClientRect().width);
    }
    const order = dropOrder(columns).filter((id) => !dropped.includes(id));
    const next = columnsToDrop(order, widths, overflow);
    if (next.length > 0) setFit({ key, dropped: [...dropped, ...next] });
  });

  return dropped;
}
