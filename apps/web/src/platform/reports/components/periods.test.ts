import { describe, expect, it } from 'vitest';
import { periodOf } from './periods';

describe('report period presets', () => {
  const now = new Date('2026-03-10T23:30:00Z');

  it('end today (UTC) and count today in their days', () => {
    expect(periodOf('last7', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(periodOf('last30', now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(periodOf('last365', now)).toEqual({ from: '2025-03-11', to: '2026-03-10' });
  });

  it('take last month whole, across a year too', () => {
    expect(periodOf('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('lastMonth', new Date('2026-01-01T00:00:00Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
