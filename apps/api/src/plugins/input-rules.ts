// Rules that hold for every request whatever its operation, so that bad input is refused by
// validation (422) rather than by the database (500): no NUL character in any text (PostgreSQL
// cannot store one) and dates within years it holds the same way on every engine. Integer ranges
// are in the contract itself (openapi/request-bounds.test.ts keeps every integer within int32).

/** The years a date or date-time of a request may have (PostgreSQL has no year 0). */
export const DATE_YEARS = { min: 1900, max: 2999 } as const;

type FormatValidate = (value: string) => boolean;
type FormatCompare = (a: string, b: string) => number | undefined;
interface FormatDefinition {
  validate: FormatValidate;
  compare?: FormatCompare;
}
type RegisteredFormat = FormatValidate | RegExp | { validate: FormatValidate | RegExp; compare?: FormatCompare };

/** The part of Ajv this module uses (Ajv itself is Fastify's, not a dependency of ours). */
export interface FormatRegistry {
  formats: Record<string, unknown>;
  addFormat(name: string, format: FormatDefinition): unknown;
}

function asFunction(check: FormatValidate | RegExp): FormatValidate {
  return check instanceof RegExp ? (value) => check.test(value) : check;
}

function inYearRange(value: string): boolean {
  const year = Number(/^(\d{4})-/.exec(value)?.[1]);
  return year >= DATE_YEARS.min && year <= DATE_YEARS.max;
}

/**
 * Fastify's `ajv.onCreate`: narrows the `date` and `date-time` formats (ajv-formats') to the years
 * above and to values JavaScript can read (`23:59:60` passes RFC 3339 but is an Invalid Date).
 */
export function dateRangeFormats(ajv: FormatRegistry): void {
  for (const name of ['date', 'date-time']) {
    const original = ajv.formats[name] as RegisteredFormat | undefined;
    if (original === undefined) throw new Error(`Ajv has no ${name} format to narrow.`);
    const base = asFunction(typeof original === 'object' && 'validate' in original ? original.validate : original);
    const compare = typeof original === 'object' && 'compare' in original ? original.compare : undefined;
    const validate = (value: string) => base(value) && inYearRange(value) && Number.isFinite(Date.parse(value));
    ajv.addFormat(name, compare ? { validate, compare } : { validate });
  }
}

/** A schema-style problem per string holding a NUL character (the error handler names the field). */
export interface NulProblem {
  keyword: 'noNul';
  instancePath: string;
  params: Record<string, never>;
}

/** A parsed JSON object or query (fast-querystring's has a prototype whose own prototype is null). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The strings holding NUL in parsed request parts (path, query, JSON body); walked with a stack,
 * not recursion, since a body may nest as deep as its size allows. Buffers (uploads) are skipped.
 */
export function nulProblems(parts: unknown[]): NulProblem[] {
  const problems: NulProblem[] = [];
  const stack: [unknown, string][] = parts.map((part) => [part, '']);
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) problems.push({ keyword: 'noNul', instancePath: path, params: {} });
    } else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) stack.push([item, `${path}/${index}`]);
    } else if (isPlainObject(value)) {
      for (const [key, item] of Object.entries(value)) stack.push([item, `${path}/${key}`]);
    }
  }
  return problems.reverse();
}
