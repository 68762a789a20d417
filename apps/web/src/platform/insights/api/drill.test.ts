import { describe, expect, it } from 'vitest';
import { drillHref, drillOf, drillQuery, withoutDrill } from './drill';

const from = '2026-11-19T08:00:00.000Z';
const to = '2026-11-26T08:00:00.000Z';

describe('the list behind a number', () => {
  it('puts the module, the measure and the exact window in the URL, keeping the period, and reads them back', () => {
    const href = drillHref(new URLSearchParams('period=month&page=3&open=9'), {
      module: 'credentials',
      measure: 'sla_breaches',
      from,
      to,
    });
    const params = new URLSearchParams(href.slice(1));
    expect(params.get('period')).toBe('month');
    expect(params.has('page')).toBe(false);
    expect(params.has('open')).toBe(false);
    expect(drillOf(params)).toEqual({ module: 'credentials', measure: 'sla_breaches', from, to });
    expect(withoutDrill(params).toString()).toBe('period=month');
  });

  it('asks the findings list for the window filter of each measure', () => {
    expect(drillQuery({ module: 'cves', measure: 'new', from, to })).toEqual({
      module: 'cves',
      first_seen_from: from,
      first_seen_to: to,
    });
    expect(drillQuery({ measure: 'resolved', from, to })).toEqual({ resolved_from: from, resolved_to: to });
    expect(drillQuery({ measure: 'reopened', from, to })).toMatchObject({ reopened_from: from, reopened_to: to });
    expect(drillQuery({ measure: 'sla_breaches', from, to })).toMatchObject({ breached_from: from, breached_to: to });
  });

  it('names no list for a malformed URL', () => {
    const of = (query: string) => drillOf(new URLSearchParams(query));
    expect(of(`show=new&since=${from}&until=${to}`)).toMatchObject({ module: undefined, measure: 'new' });
    expect(of(`show=deleted&since=${from}&until=${to}`)).toBeNull();
    expect(of(`show=new&since=yesterday&until=${to}`)).toBeNull();
    expect(of(`show=new&module=Bad%20Module&since=${from}&until=${to}`)).toBeNull();
    expect(of('period=week')).toBeNull();
  });
});
