// Values derived from a schema of the bundled contract, for the contract fuzzer: a plausible valid
// value (seeded, so every run sends the same requests) and the hostile values an attacker would
// try at that position. Generic: nothing here knows an operation.

export type Schema = Record<string, unknown>;

/** A deterministic pseudo-random source (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }
}

/** Follows `$ref`s of the bundled document (internal ones, `#/components/...`). */
export function resolve(doc: Schema, node: unknown): Schema {
  let current = (node ?? {}) as Schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 20; hops += 1) {
    const ref: string = current.$ref;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema>((at, key) => (at[key.replace(/~1/g, '/').replace(/~0/g, '~')] ?? {}) as Schema, doc);
  }
  return current;
}

/** The schema with its `allOf` parts merged (properties and required), the way the contract uses it. */
export function flatten(doc: Schema, node: unknown): Schema {
  const schema = resolve(doc, node);
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = schema.allOf.map((part) => flatten(doc, part));
  return {
    ...schema,
    type: 'object',
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {}), schema.properties ?? {}),
    required: parts.flatMap((p) => (p.required ?? []) as string[]).concat((schema.required ?? []) as string[]),
  };
}

export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties) return ['object'];
  if (Array.isArray(schema.enum)) return [typeof schema.enum[0]];
  return [];
}

// Strings tried in turn for a pattern (the contract's patterns: codes, CVE ids, vendor names).
const patternCandidates = ['123456', 'CVE-2024-12345', 'acme', 'Fuzz-1', 'a'];

function validString(schema: Schema, random: Random): string {
  const min = Number(schema.minLength ?? 1);
  const max = Number(schema.maxLength ?? 40);
  switch (schema.format) {
    case 'email':
      return `fuzz${random.int(1, 9999)}@example.test`;
    case 'date-time':
      return new Date(Date.UTC(random.int(2000, 2030), random.int(0, 11), random.int(1, 28), 12)).toISOString();
    case 'date':
      return `${random.int(2000, 2030)}-0${random.int(1, 9)}-1${random.int(0, 9)}`;
    case 'uri':
      return 'https://example.test/fuzz';
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern, 'u');
    const found = patternCandidates.find((c) => pattern.test(c) && c.length >= min && c.length <= max);
    if (found) return found;
  }
  const length = Math.max(min, Math.min(max, random.int(1, 24)));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-';
  return Array.from({ length }, () => random.pick([...alphabet])).join('');
}

/**
 * A value the schema accepts (or, for patterns it cannot meet, a plausible one). `ids` are
 * integers that exist in the database (rows of the signed-in user's company), tried first.
 */
export function validValue(doc: Schema, node: unknown, random: Random, ids: number[], depth = 0): unknown {
  const schema = flatten(doc, node);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return random.pick(schema.enum);
  const options = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (options) return validValue(doc, random.pick(options), random, ids, depth);
  const type = typesOf(schema).find((t) => t !== 'null') ?? 'null';
  const min = Number(schema.minimum ?? 0);
  const max = Number(schema.maximum ?? 1000);
  switch (type) {
    case 'integer': {
      const known = ids.filter((id) => id >= min && id <= max);
      return random.next() < 0.6 && known.length > 0 ? random.pick(known) : random.int(min, Math.min(max, min + 1000));
    }
    case 'number':
      return min + random.next() * (max - min);
    case 'boolean':
      return random.next() < 0.5;
    case 'string':
      return validString(schema, random);
    case 'array': {
      const count = Math.max(Number(schema.minItems ?? 1), Math.min(Number(schema.maxItems ?? 2), 2));
      return depth > 4
        ? []
        : Array.from({ length: count }, () => validValue(doc, schema.items, random, ids, depth + 1));
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = new Set((schema.required ?? []) as string[]);
      const entries = Object.entries(properties).filter(([name]) => required.has(name) || random.next() < 0.5);
      if (entries.length === 0 && Number(schema.minProperties ?? 0) > 0) entries.push(...Object.entries(properties));
      return Object.fromEntries(entries.map(([name, p]) => [name, validValue(doc, p, random, ids, depth + 1)]));
    }
    default:
      return null;
  }
}

export interface Hostile {
  label: string;
  value: unknown;
  /** A NUL character in a string: must be refused with 422 naming the field. */
  nul?: boolean;
}

const INT32 = 2 ** 31;
const nul = 'a\u0000b';

/**
 * What an attacker sends at one position, by the type the schema gives it: beyond every bound and
 * of wrong types. `json` positions (body properties) also get values of every other JSON type;
 * path and query positions carry text, where those would repeat the text cases.
 */
export function hostileValues(doc: Schema, node: unknown, random: Random, json: boolean): Hostile[] {
  const schema = flatten(doc, node);
  const types = typesOf(schema);
  const untyped = types.length === 0;
  const has = (type: string) => untyped || types.includes(type);
  const values: Hostile[] = [
    { label: 'NUL', value: nul, nul: true },
    { label: 'random valid', value: validValue(doc, schema, random, []) },
    { label: 'empty string', value: '' },
  ];
  if (json) {
    values.push({ label: 'null', value: null }, { label: 'object', value: { a: nul } });
    if (!has('boolean')) values.push({ label: 'true', value: true });
    if (!has('string')) values.push({ label: 'text', value: 'text' });
    if (!has('integer') && !has('number')) values.push({ label: '2^31', value: INT32 });
  }
  if (has('string')) {
    values.push(
      // Past the body limit in a JSON body; in a URL, long enough to pass every maxLength.
      json
        ? { label: 'long string (70,000)', value: 'x'.repeat(70_000) }
        : { label: 'long string (10,000)', value: 'x'.repeat(10_000) },
      { label: 'unicode', value: 'é漢字🙂\u202e\ufeff' },
      { label: 'digits beyond int32', value: String(INT32) },
    );
    if (typeof schema.maxLength === 'number') {
      values.push({ label: `maxLength+1 (${schema.maxLength + 1})`, value: 'x'.repeat(schema.maxLength + 1) });
    }
  }
  if (untyped || schema.format === 'date' || schema.format === 'date-time') {
    values.push(
      { label: 'date 0000-01-01', value: '0000-01-01T00:00:00Z' },
      { label: 'date 9999-12-31', value: '9999-12-31T23:59:59Z' },
      { label: 'date 1969', value: '1969-12-31T23:59:59Z' },
      { label: 'day 0000-01-01', value: '0000-01-01' },
      { label: 'leap second', value: '2016-12-31T23:59:60Z' },
      { label: 'not a date', value: '2026-13-45T99:99:99Z' },
    );
  }
  if (has('integer') || has('number')) {
    values.push(
      { label: '2^31', value: INT32 },
      { label: '2^53', value: 2 ** 53 },
      { label: '-2^31-1', value: -INT32 - 1 },
      { label: '-1', value: -1 },
      { label: '0', value: 0 },
      { label: '1e308', value: 1e308 },
      { label: '1.5', value: 1.5 },
      { label: 'not a number', value: 'abc' },
    );
    if (typeof schema.maximum === 'number') values.push({ label: 'maximum+1', value: schema.maximum + 1 });
    if (typeof schema.minimum === 'number') values.push({ label: 'minimum-1', value: schema.minimum - 1 });
  }
  if (has('boolean')) values.push({ label: 'not a boolean', value: 'maybe' }, { label: '2', value: 2 });
  if (Array.isArray(schema.enum)) values.push({ label: 'unknown enum value', value: 'not-a-known-value' });
  if (has('array') || schema.items) {
    const item = validValue(doc, schema.items, random, []);
    const tooMany = Number(schema.maxItems ?? 100) + 1;
    values.push(
      { label: `array of ${tooMany}`, value: Array.from({ length: tooMany }, () => item) },
      { label: 'array of NUL', value: [nul], nul: true },
      { label: 'array of 2^31', value: [INT32] },
      { label: 'array of unknown values', value: ['not-a-known-value'] },
    );
  } else if (json) {
    values.push({ label: 'array', value: [1, 2] });
  }
  return values;
}

/** A hostile value as it travels in a query string or path segment (everything there is text). */
export function asText(value: unknown): string | string[] | undefined {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => String(typeof v === 'object' ? JSON.stringify(v) : v));
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
