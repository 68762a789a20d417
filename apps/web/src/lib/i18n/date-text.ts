// Dates typed and shown in the interface language's order (25/12/2026, 25.12.2026, 12/25/2026),
// whatever the browser's own locale, and the calendar date (YYYY-MM-DD) they stand for.

export type DatePart = 'day' | 'month' | 'year';

export interface DatePattern {
  /** The parts in the order the language writes them. */
  order: DatePart[];
  /** What stands between them ("/", "."). */
  separator: string;
}

/** The years a date may have: the API's input rules refuse the others. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

const WIDTH: Record<DatePart, number> = { day: 2, month: 2, year: 4 };

/** Read once per locale: every date field of a screen asks it. */
const patterns = new Map<string, DatePattern>();

/** How `locale` (a BCP 47 tag) writes a numeric date, read from Intl. */
export function datePattern(locale: string): DatePattern {
  const known = patterns.get(locale);
  if (known) return known;
  const pattern = readPattern(locale);
  patterns.set(locale, pattern);
  return pattern;
}

function readPattern(locale: string): DatePattern {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatToParts(Date.UTC(2026, 11, 25));
  const order = parts.flatMap((p) => (p.type === 'day' || p.type === 'month' || p.type === 'year' ? [p.type] : []));
  const separator = parts.find((p) => p.type === 'literal')?.value.trim() || '/';
  return order.length === 3 ? { order, separator } : { order: ['month', 'day', 'year'], separator: '/' };
}

/** `2026-12-25` as the pattern writes it (`25/12/2026`); '' for anything that is not such a date. */
export function formatDateText(iso: string, pattern: DatePattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const values: Record<DatePart, string> = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  return pattern.order.map((part) => values[part]).join(pattern.separator);
}

/**
 * What the user typed as a calendar date (YYYY-MM-DD), or null when it is not a whole, real date
 * of the years 1900–2999. Any non-digit separates the parts; eight digits alone are read in order.
 */
export function parseDateText(text: string, pattern: DatePattern): string | null {
  const trimmed = text.trim();
  let groups: string[];
  if (/^\d{8}$/.test(trimmed)) {
    let at = 0;
    groups = pattern.order.map((part) => {
      const group = trimmed.slice(at, at + WIDTH[part]);
      at += WIDTH[part];
      return group;
    });
  } else groups = trimmed.split(/\D+/).filter((group) => group !== '');
  if (groups.length !== 3) return null;
  // A year first is an ISO date (2026-12-25, pasted from elsewhere), whatever the language's order.
  const order: DatePart[] = /^\d{4}$/.test(groups[0] ?? '') ? ['year', 'month', 'day'] : pattern.order;
  const values: Partial<Record<DatePart, string>> = {};
  order.forEach((part, i) => {
    values[part] = groups[i];
  });
  const { year = '', month = '', day = '' } = values;
  if (!/^\d{4}$/.test(year) || !/^\d{1,2}$/.test(month) || !/^\d{1,2}$/.test(day)) return null;
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  if (y < MIN_YEAR || y > MAX_YEAR || m < 1 || m > 12 || d < 1) return null;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return null;
  return `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
