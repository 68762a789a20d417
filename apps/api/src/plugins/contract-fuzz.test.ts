// The contract fuzzer: every operation the app serves (dev tools included), called by a real
// signed-in user with the anti-forgery header, gets hostile values derived from its schemas at each
// parameter and body property, whole-body garbage, and seeded valid-looking requests. No answer may
// be a 5xx, and a NUL character anywhere is a 422 naming the field. Seeded: every run sends the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalOidcProvider, startLocalOidcProvider } from '../dev/local-oidc-provider.js';
import { createSession } from '../identity/session/session.service.js';
import { findUserById } from '../identity/users/users.repository.js';
import { answerOf } from '../testing/api.js';
import { type Operation, operationsOf, urlOf } from '../testing/contract-operations.js';
import { json } from '../testing/flows.js';
import {
  asText,
  flatten,
  type Hostile,
  hostileValues,
  Random,
  type Schema,
  typesOf,
  validValue,
} from '../testing/fuzz-values.js';
import { importFile, newTenant, type Tenant } from '../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';

const SEED = 20261122;
const RANDOM_VALID_REQUESTS = 3;
const publicUrl = 'http://127.0.0.1:3999';

let database: TestDatabase;
let provider: LocalOidcProvider;
let app: VigilApp;
let who: Tenant;
let token: string;
/** Ids of rows the fuzzing user's company has (its findings and its import), tried as valid ids. */
let ids: number[];

beforeAll(async () => {
  database = await openTestDatabase();
  // Microsoft sign-in configured (the local provider on 127.0.0.1), as in production.
  provider = await startLocalOidcProvider({ redirectUris: [`${publicUrl}/api/auth/microsoft/callback`] });
  ({ app } = await testApp(database, {
    publicUrl,
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
  }));
  // An administrator: every operation allows that role, so each one reads the hostile input.
  who = await newTenant(app, 'fuzz', { role: 'administrator' });
  token = who.token;
  const job = await importFile(app, who, 'combolist', 'fuzz.txt', `a@${who.domain}:secret-1\nb@${who.domain}:x2\n`);
  const findings = await who.browser.get('/api/findings', { token });
  ids = [job.id, ...answerOf('listFindings', findings).data.map((f) => f.id)];
}, 60_000);
afterAll(async () => {
  await app?.close();
  await provider?.close();
  await database?.close();
});

/** One request: text values of path, query and headers, and the raw body with its content type. */
interface Case {
  label: string;
  path: Record<string, string>;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: { payload: string | Buffer; contentType: string };
  /** The field a 422 must name (a NUL character was sent there). */
  nulField?: string;
}

const jsonBody = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });

/** A valid-looking request: required parameters and a body from the schemas, values seeded. */
function validCase(doc: Schema, op: Operation, random: Random, label: string): Case & { bodyValue?: unknown } {
  const c: Case & { bodyValue?: unknown } = { label, path: {}, query: {}, headers: {} };
  for (const p of op.parameters) {
    if (p.in === 'header') continue; // the anti-forgery header comes from the browser
    if (p.in !== 'path' && !p.required && random.next() < 0.5) continue;
    const text = asText(validValue(doc, p.schema, random, ids)) ?? '';
    if (p.in === 'path') c.path[p.name] = String(text);
    else c.query[p.name] = text;
  }
  if (op.body?.contentType === 'application/json') {
    c.bodyValue = validValue(doc, op.body.schema, random, ids);
    c.body = jsonBody(c.bodyValue);
  } else if (op.body) {
    c.body = { payload: Buffer.from(`a@example.test:secret\n`), contentType: op.body.contentType };
  }
  return c;
}

/** Every leaf and object property of a JSON body schema, as paths (`ids`, `filter.status`). */
function bodyFields(
  doc: Schema,
  node: unknown,
  prefix: string[] = [],
  depth = 0,
): { path: string[]; schema: Schema }[] {
  const schema = flatten(doc, node);
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = [...prefix, name];
    const inner = flatten(doc, property);
    const nested = typesOf(inner).includes('object') && depth < 3 ? bodyFields(doc, inner, path, depth + 1) : [];
    return [{ path, schema: inner }, ...nested];
  });
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(base ?? {}) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1] ?? ''] = value;
  return copy;
}

// Header values must be representable in HTTP: no control characters.
const headerSafe = (h: Hostile) => typeof h.value !== 'string' || [...h.value].every((ch) => ch >= ' ');

function hostileCases(doc: Schema, op: Operation, random: Random): Case[] {
  const base = validCase(doc, op, random, 'valid');
  const cases: Case[] = [base];
  for (let i = 1; i <= RANDOM_VALID_REQUESTS; i += 1) cases.push(validCase(doc, op, random, `random valid #${i}`));
  for (const p of op.parameters) {
    const values = hostileValues(doc, p.schema, random, false);
    for (const h of p.in === 'header' ? values.filter(headerSafe) : values) {
      const text = asText(h.value) ?? '';
      const c: Case = {
        ...base,
        label: `${p.in} ${p.name} = ${h.label}`,
        path: { ...base.path },
        query: { ...base.query },
      };
      if (p.in === 'path') c.path[p.name] = String(text);
      else if (p.in === 'query') c.query[p.name] = text;
      else c.headers = { [p.name.toLowerCase()]: String(text) };
      if (h.nul) c.nulField = p.name;
      cases.push(c);
    }
  }
  if (op.body?.contentType === 'application/json') {
    for (const field of bodyFields(doc, op.body.schema)) {
      for (const h of hostileValues(doc, field.schema, random, true)) {
        const nulField = h.nul ? [...field.path, ...(Array.isArray(h.value) ? ['0'] : [])].join('.') : undefined;
        cases.push({
          ...base,
          label: `body ${field.path.join('.')} = ${h.label}`,
          body: jsonBody(withValue(base.bodyValue, field.path, h.value)),
          ...(nulField ? { nulField } : {}),
        });
      }
    }
    const raw = (label: string, payload: string, contentType = 'application/json'): Case => ({
      ...base,
      label: `body ${label}`,
      body: { payload, contentType },
    });
    cases.push(
      { ...base, label: 'no body', body: undefined },
      raw('{}', '{}'),
      raw('[]', '[]'),
      raw('null', 'null'),
      raw('"text"', '"text"'),
      raw('123', '123'),
      raw('malformed JSON', '{"a":'),
      raw('nested 20,000 deep', `${'['.repeat(20_000)}${']'.repeat(20_000)}`),
      raw('__proto__', JSON.stringify({ ...(base.bodyValue as object) }).replace(/^\{/, '{"__proto__":{"x":1},')),
      raw('unknown property', JSON.stringify({ ...(base.bodyValue as object), not_in_contract: 'x' })),
      raw('over the size limit', JSON.stringify({ x: 'x'.repeat(70_000) })),
      raw('as text/plain', base.body?.payload.toString() ?? '{}', 'text/plain'),
      raw('as application/octet-stream', base.body?.payload.toString() ?? '{}', 'application/octet-stream'),
    );
  } else if (op.body) {
    // A raw upload (createImport): the file is the importers' input, fuzzed by their own tests
    // with hostile files; here its parameters are fuzzed above, plus an empty and a binary file.
    cases.push(
      { ...base, label: 'empty file', body: { payload: Buffer.alloc(0), contentType: op.body.contentType } },
      {
        ...base,
        label: 'binary file with NUL',
        body: { payload: Buffer.from([0, 255, 0, 10, 0x1f, 0x8b, 0]), contentType: op.body.contentType },
      },
      { ...base, label: 'JSON instead of a file', body: jsonBody({ a: 1 }) },
    );
  }
  return cases;
}

/** The answer, or a 599 when the server broke the response off (a stream that failed midway). */
async function send(op: Operation, c: Case): Promise<{ statusCode: number; body: string }> {
  try {
    return await who.browser.call(op.method as 'GET', urlOf(op, c.path, c.query), {
      token,
      // A fuzzed header parameter (the anti-forgery header itself) replaces the browser's value.
      noCsrf: Object.keys(c.headers).length > 0,
      headers: { ...c.headers, ...(c.body ? { 'content-type': c.body.contentType } : {}) },
      ...(c.body ? { body: c.body.payload } : {}),
    });
  } catch (error) {
    return { statusCode: 599, body: `response broken off: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * A call may end the session (logout): the fuzzing user then gets a new one straight from the
 * session service (signing in again would meet the sign-in limits). True when it did.
 */
async function keepSignedIn(): Promise<boolean> {
  const check = await who.browser.post('/api/check-user', undefined, { token });
  if (check.statusCode !== 401) return false;
  const user = await findUserById(app.ctx.db, who.userId);
  if (!user) throw new Error('the fuzzing user is gone');
  const session = await app.ctx.db
    .transaction()
    .execute((trx) => createSession(app.ctx, trx, user, 'password', { ip: null }));
  token = session.accessToken;
  return true;
}

describe('the contract fuzzer', () => {
  it('finds no 5xx in any operation, and NUL is a 422 naming its field', { timeout: 180_000 }, async () => {
    const doc = app.contract as unknown as Schema;
    const operations = operationsOf(doc);
    expect(operations.some((op) => op.operationId === 'listDevOutbox')).toBe(true);
    const random = new Random(SEED);
    const failures: string[] = [];
    let requests = 0;
    const started = Date.now();
    for (const op of operations) {
      const statuses = new Map<number, number>();
      for (const c of hostileCases(doc, op, random)) {
        let response = await send(op, c);
        // A case that ended the session (logout) is sent again with a new one, and so is the next.
        if (response.statusCode === 401 && (await keepSignedIn())) response = await send(op, c);
        requests += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const where = `${op.method} ${op.path} (${op.operationId}) ${c.label}`;
        if (response.statusCode >= 500)
          failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        else if (c.nulField) {
          const errors = response.statusCode === 422 ? (json(response).errors as Record<string, unknown>) : {};
          if (!errors?.[c.nulField]) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 160)}`);
        }
      }
      // Proof that the session and the anti-forgery header got the requests past both checks.
      if ([...statuses.keys()].every((status) => [401, 419, 429].includes(status))) {
        failures.push(`${op.method} ${op.path} (${op.operationId}) never got past the session checks`);
      }
    }
    console.log(`[contract fuzz] ${operations.length} operations, ${requests} requests, ${Date.now() - started} ms`);
    expect(failures, `${failures.length} failing requests:\n${failures.join('\n')}`).toEqual([]);
  });
});
