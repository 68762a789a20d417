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
 * The one layout rule of every list (issue 33): a table never scrolls sideways while a less important
 * column can make room. After each layout, while the table is wider than its box, the next column of
 * `dropOrder` is left out; a wider box, other rows or other columns start again from all columns.
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

  // Measured after every render of the table (no dependency list on purpose).
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || element.clientWidth === 0) return;
    if (element.scrollWidth <= element.clientWidth + 1) return;
    const next = dropOrder(columns).find((id) => !dropped.includes(id));
    if (next) setFit({ key, dropped: [...dropped, next] });
  });

  return dropped;
}
