// Everything a request can carry is bounded by the contract, so that the server's validation (not
// the database) refuses what does not fit: integers within int32 (the database's `integer`
// columns), numbers within a range, strings with a maximum length. Operations added later are held
// to the same rule. (NUL characters and the range of dates are refused by the server for every
// string and every date format; see apps/api/src/plugins/input-rules.ts.)
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bundlePath } from './scripts/contract.mjs';

type Schema = Record<string, unknown>;
type Document = { paths: Record<string, Record<string, unknown>> } & Schema;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const methods = ['get', 'post', 'put', 'patch', 'delete'];
// Formats whose own grammar bounds the length of the string.
const boundedFormats = ['date', 'date-time'];

function resolve(doc: Document, node: unknown): Schema {
  let current = node as Schema;
  while (typeof current?.$ref === 'string') {
    const ref: string = current.$ref;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema>((at, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Schema, doc);
  }
  return current;
}

function typesOf(schema: Schema): string[] {
  return Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : [];
}

/** The problems of one schema and everything below it, each prefixed with where it sits. */
function problemsOf(doc: Document, node: unknown, where: string, seen = new Set<unknown>()): string[] {
  const schema = resolve(doc, node);
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const problems: string[] = [];
  const types = typesOf(schema);
  const minimum = schema.minimum as number | undefined;
  const maximum = schema.maximum as number | undefined;
  if (types.includes('integer')) {
    if (minimum === undefined || minimum < INT32_MIN || maximum === undefined || maximum > INT32_MAX) {
      problems.push(`${where}: integer without minimum/maximum within int32 (${minimum} .. ${maximum})`);
    }
  } else if (types.includes('number') && (minimum === undefined || maximum === undefined)) {
    problems.push(`${where}: number without minimum/maximum`);
  }
  const bounded =
    schema.maxLength !== undefined ||
    Array.isArray(schema.enum) ||
    schema.const !== undefined ||
    boundedFormats.includes(String(schema.format));
  if (types.includes('string') && !bounded) problems.push(`${where}: string without maxLength`);
  if (types.includes('array') && schema.maxItems === undefined) problems.push(`${where}: array without maxItems`);
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, unknown>)) {
    problems.push(...problemsOf(doc, property, `${where}.${name}`, seen));
  }
  if (schema.items) problems.push(...problemsOf(doc, schema.items, `${where}[]`, seen));
  if (typeof schema.additionalProperties === 'object') {
    problems.push(...problemsOf(doc, schema.additionalProperties, `${where}.*`, seen));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const [i, part] of ((schema[key] ?? []) as unknown[]).entries()) {
      problems.push(...problemsOf(doc, part, `${where}(${key} ${i})`, seen));
    }
  }
  return problems;
}

/** Every schema a request can carry: parameters (path, query, header) and request bodies. */
export function requestProblems(doc: Document): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .flatMap(([method, raw]) => {
        const op = raw as { parameters?: unknown[]; requestBody?: unknown };
        const name = `${method.toUpperCase()} ${path}`;
        const shared = ((item.parameters ?? []) as unknown[]).concat(op.parameters ?? []);
        const fromParameters = shared.flatMap((p) => {
          const parameter = resolve(doc, p);
          return problemsOf(doc, parameter.schema, `${name} ${String(parameter.in)} ${String(parameter.name)}`);
        });
        const body = op.requestBody ? resolve(doc, op.requestBody) : undefined;
        const fromBody = Object.entries((body?.content ?? {}) as Record<string, Schema>).flatMap(([type, media]) =>
          media.schema ? problemsOf(doc, media.schema, `${name} body (${type})`) : [],
        );
        return [...fromParameters, ...fromBody];
      }),
  );
}

// JSON-RPC messages of the MCP endpoint are open by design (the protocol adds fields over time), and
// so is what Jira's webhook posts (Jira's payload; only webhookEvent and the issue are read).
const OPEN_BODIES = ['POST /mcp', 'POST /alerts/channels/{id}/jira-events'];

/** Object schemas of JSON request bodies that would accept a field they do not name (issue 32 item 8). */
export function openBodies(doc: Document): string[] {
  const open = (node: unknown, where: string, seen: Set<unknown>): string[] => {
    const schema = resolve(doc, node);
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
    seen.add(schema);
    const own = typesOf(schema).includes('object') && schema.additionalProperties !== false ? [where] : [];
    const below = [
      ...Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([k, v]) => [`${where}.${k}`, v]),
      ...(schema.items ? [[`${where}[]`, schema.items]] : []),
      ...(['allOf', 'anyOf', 'oneOf'] as const).flatMap((key) =>
        ((schema[key] ?? []) as unknown[]).map((part, i) => [`${where}(${key} ${i})`, part]),
      ),
    ] as [string, unknown][];
    return [...own, ...below.flatMap(([at, child]) => open(child, at, seen))];
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .flatMap(([method, raw]) => {
        const name = `${method.toUpperCase()} ${path}`;
        const op = raw as { requestBody?: unknown };
        if (!op.requestBody || OPEN_BODIES.includes(name)) return [];
        const media = (resolve(doc, op.requestBody).content ?? {}) as Record<string, Schema>;
        const schema = media['application/json']?.schema;
        return schema ? open(schema, `${name} body`, new Set()) : [];
      }),
  );
}

describe('what a request can carry', () => {
  it('is closed: every object of a JSON body names its fields (additionalProperties: false)', async () => {
    const doc = JSON.parse(await readFile(bundlePath, 'utf8')) as Document;
    expect(openBodies(doc)).toEqual([]);
    const sample: Document = {
      paths: {
        '/y': {
          put: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    additionalProperties: false,
                    properties: { inner: { type: ['object', 'null'], properties: { a: { type: 'integer' } } } },
                  },
                },
              },
            },
          },
        },
      },
    };
    expect(openBodies(sample)).toEqual(['PUT /y body.inner']);
  });

  it('is bounded: int32 integers, ranged numbers, strings with maxLength, arrays with maxItems', async () => {
    const doc = JSON.parse(await readFile(bundlePath, 'utf8')) as Document;
    expect(requestProblems(doc)).toEqual([]);
  });

  it('the check itself finds an unbounded integer, string and array', () => {
    const doc: Document = {
      paths: {
        '/x/{id}': {
          post: {
            parameters: [{ name: 'id', in: 'path', schema: { type: 'integer', minimum: 1 } }],
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      big: { type: 'integer', minimum: 0, maximum: 2 ** 53 },
                      text: { type: ['string', 'null'] },
                      list: { type: 'array', items: { $ref: '#/components/Item' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { Item: { type: 'integer', minimum: 1, maximum: 10 } },
    };
    expect(requestProblems(doc)).toEqual([
      'POST /x/{id} path id: integer without minimum/maximum within int32 (1 .. undefined)',
      'POST /x/{id} body (application/json).big: integer without minimum/maximum within int32 (0 .. 9007199254740992)',
      'POST /x/{id} body (application/json).text: string without maxLength',
      'POST /x/{id} body (application/json).list: array without maxItems',
    ]);
  });
});
