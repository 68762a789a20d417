// @ts-check
// Queries for the PGlite database thread in one protocol exchange each (Parse, Bind, Describe,
// Execute, Sync), where PGlite's own query() makes six. Data statements are prepared once under a
// name and reused (no planning per call). Parameters are serialised as node-postgres does on
// PostgreSQL (pg's prepareValue: Dates, Buffers, arrays, JSON), so both databases get the same
// text. The reply is read by node-postgres's protocol parser (pg-protocol), which reads strings
// straight from the bytes where PGlite's copies each one first (a third of this thread's time on a
// wide row); rows are then parsed by PGlite's own type parsers, as query() does.
import { parse, protocol } from '@electric-sql/pglite';
import pg from 'pg';
import utils from 'pg/lib/utils.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** @typedef {import('@electric-sql/pglite').PGlite} PGlite */
/** @typedef {import('@electric-sql/pglite').Results} Results */

// Dates as UTC ISO strings, as PGlite's own serialiser wrote them (this thread's copy of pg only).
pg.defaults.parseInputDatesAsUTC = true;

const { serialize } = protocol;
/** Prepared statements kept per thread; the least recently used is closed beyond this. */
const STATEMENT_LIMIT = 200;
/** Only data statements are prepared: DDL and transaction control run once each. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs one protocol exchange and reads its reply; throws the database's first error, as PGlite's
 * execProtocol does.
 * @param {PGlite} pglite
 * @param {Uint8Array} message
 */
async function exchange(pglite, message) {
  /** @type {Buffer[]} */
  const chunks = [];
  // The bytes are a view of PGlite's memory: copied before the next write reuses it.
  await pglite.execProtocolRawStream(message, { onRawData: (bytes) => chunks.push(Buffer.from(bytes)) });
  /** @type {import('pg-protocol/dist/messages.js').BackendMessage[]} */
  const messages = [];
  /** @type {Error | undefined} */
  let failed;
  new Parser().parse(chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks), (message) => {
    if (message.name === 'error') failed ??= /** @type {Error} */ (/** @type {unknown} */ (message));
    else if (message.name !== 'notice') messages.push(message);
  });
  if (failed) throw failed;
  return messages;
}

/** @param {PGlite} pglite */
export function statementRunner(pglite) {
  /** SQL → name of its prepared statement, least recently used first. */
  const prepared = new Map();
  /** @type {string[]} Names to close with the next exchange (evicted, or half-made by a failed one). */
  const closing = [];
  let counter = 0;

  /**
   * @param {string} sql
   * @param {unknown[]} params
   * @returns {Promise<Results>}
   */
  async function query(sql, params) {
    const parts = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
    let name = prepared.get(sql);
    const fresh = name === undefined;
    if (name === undefined) {
      name = DATA_STATEMENT.test(sql) ? `vigil_${++counter}` : '';
      parts.push(serialize.parse({ name, text: sql }));
    } else prepared.delete(sql);
    const values = params.map((value) => utils.prepareValue(value));
    parts.push(
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    try {
      const messages = await exchange(pglite, concat(parts));
      if (name !== '') prepared.set(sql, name);
      if (prepared.size > STATEMENT_LIMIT) {
        const [oldest, oldName] = prepared.entries().next().value ?? [];
        prepared.delete(oldest);
        closing.push(oldName);
      }
      // The same message names and fields as PGlite's own copy of pg-protocol.
      const backend = /** @type {Parameters<typeof parse.parseResults>[0]} */ (/** @type {unknown} */ (messages));
      const [result] = parse.parseResults(backend, pglite.parsers, {});
      if (!result) throw new Error('The database returned no result.');
      return result;
    } catch (error) {
      // A statement that failed while being made, or whose plan no longer fits its tables
      // ("cached plan must not change result type"), is closed; the next call prepares it again.
      if (name !== '') {
        const stale = error instanceof Error && 'code' in error && error.code === '0A000';
        if (fresh || stale) closing.push(name);
        else prepared.set(sql, name);
        // Outside a transaction nothing was done: a stale statement is prepared again at once.
        if (stale && !fresh && !pglite.isInTransaction()) return query(sql, params);
      }
      throw error;
    }
  }
  return query;
}
