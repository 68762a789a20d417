import { describe, expect, it } from 'vitest';
import { orderOf, orderSql } from './findings.query.js';

const columns = { last_seen_at: 'f.last_seen_at', severity: 'case f.severity end' } as const;

describe('orderOf', () => {
  it('maps a key to its column, ascending, and a leading minus to descending', () => {
    expect(orderOf('severity', columns, '-last_seen_at')).toEqual({ column: 'case f.severity end', dir: 'asc' });
    expect(orderOf('-severity', columns, '-last_seen_at')).toEqual({ column: 'case f.severity end', dir: 'desc' });
  });

  it('takes the fallback, with its own direction, for no sort or a key the list does not have', () => {
    expect(orderOf(undefined, columns, '-last_seen_at')).toEqual({ column: 'f.last_seen_at', dir: 'desc' });
    expect(orderOf('-id; drop table findings', columns, 'last_seen_at')).toEqual({
      column: 'f.last_seen_at',
      dir: 'asc',
    });
    expect(orderOf('toString', columns, 'last_seen_at').column).toBe('f.last_seen_at');
  });

  it('refuses a fallback that names no column (a programming error, not a client one)', () => {
    expect(() => orderOf(undefined, columns, 'name')).toThrow(/names no column/);
  });

  it('renders the order as SQL, nulls last when asked', () => {
    const text = (nullsLast: boolean) =>
      JSON.stringify(orderSql({ column: 'f.due_at', dir: 'desc' }, nullsLast).toOperationNode());
    expect(text(true)).toContain('f.due_at desc nulls last');
    expect(text(false)).not.toContain('nulls last');
  });
});
