// The list behind a number of the insights: a module, a measure and the exact window the number
// counted, in the URL of /insight (shareable), and as the platform findings list's filters.

export const MEASURES = ['new', 'resolved', 'reopened', 'sla_breaches'] as const;
export type Measure = (typeof MEASURES)[number];

export interface Drill {
  /** Every module when absent (the totals). */
  module?: string | undefined;
  measure: Measure;
  from: string;
  to: string;
}

const isMeasure = (value: string | null): value is Measure => MEASURES.some((m) => m === value);
const isInstant = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(value) && !Number.isNaN(Date.parse(value));

/** `/insight?…&show=<measure>&module=<id>&since=<instant>&until=<instant>`, keeping the period. */
export function drillHref(params: URLSearchParams, drill: Drill): string {
  const next = new URLSearchParams(params);
  for (const key of ['page', 'open']) next.delete(key);
  next.set('show', drill.measure);
  if (drill.module) next.set('module', drill.module);
  else next.delete('module');
  next.set('since', drill.from);
  next.set('until', drill.to);
  return `?${next.toString()}`;
}

/** The drill the URL names, or null when it names none (or something malformed). */
export function drillOf(params: URLSearchParams): Drill | null {
  const measure = params.get('show');
  const module = params.get('module');
  const from = params.get('since');
  const to = params.get('until');
  if (!isMeasure(measure) || !isInstant(from) || !isInstant(to)) return null;
  if (module !== null && !/^[a-z][a-z0-9-]{0,39}$/.test(module)) return null;
  return { module: module ?? undefined, measure, from, to };
}

/** The URL without the drill (closing the list). */
export function withoutDrill(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['show', 'module', 'since', 'until', 'page', 'open', 'sort', 'size']) next.delete(key);
  return next;
}

/** The findings list's filters of a drill: the window filter of its measure, over its module. */
export function drillQuery({ module: id, measure, from, to }: Drill) {
  const module = id ? { module: id } : {};
  switch (measure) {
    case 'new':
      return { ...module, first_seen_from: from, first_seen_to: to };
    case 'resolved':
      return { ...module, resolved_from: from, resolved_to: to };
    case 'reopened':
      return { ...module, reopened_from: from, reopened_to: to };
    case 'sla_breaches':
      return { ...module, breached_from: from, breached_to: to };
  }
}
