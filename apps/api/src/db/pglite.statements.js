// @ts-check
// Queries for the PGlite database thread in one protocol exchange each (Parse, Bind, Describe,
// Execute, Sync), where PGlite's own query() makes six. Data statements are prepared once under a
// name and reused (no planning per call). Parameters are serialised as node-postgres does on
// PostgreSQL (pg's prepareValue: Dates, Buffers, arrays, JSON), so both databases get the same
// text. The reply is read by node-postgres's protocol parser (pg-protocol), which reads strings
// straight from the bytes where PGlite's copies each one first (a third of this thread's time on a
// wide row); values are then parsed by PGlite's own type parsers, as query() does. A result is
// its column names and rows of values (not one object per row): the thread that builds the
// objects is the server's, and arrays cross between threads with less copying than keyed objects.
import { protocol, types } from '@electric-sql/pglite';
import pg from 'pg';
import utils from 'pg/lib/utils.js';
import { Parser } from 'pg-protocol/dist/parser.js';

/** @typedef {import('@electric-sql/pglite').PGlite} PGlite */
/** @typedef {import('./pglite.protocol.js').PgliteQueryResult} PgliteQueryResult */
/** @typedef {import('pg-protocol/dist/messages.js').BackendMessage} BackendMessage */
/** @typedef {import('pg-protocol/dist/messages.js').RowDescriptionMessage} RowDescriptionMessage */
/** @typedef {import('pg-protocol/dist/messages.js').DataRowMessage} DataRowMessage */
/** @typedef {import('pg-protocol/dist/messages.js').CommandCompleteMessage} CommandCompleteMessage */

// Dates as UTC ISO strings, as PGlite's own serialiser wrote them (this thread's copy of pg only).
pg.defaults.parseInputDatesAsUTC = true;

const { serialize } = protocol;
/** Prepared statements kept per thread; the least recently used is closed beyond this. */
const STATEMENT_LIMIT = 200;
/** Only data statements are prepared: DDL and transaction control run once each. */
const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/** Command tags whose count is the number of rows written ("INSERT 0 5", "UPDATE 3"). */
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

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
  /** @type {BackendMessage[]} */
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

/**
 * The statement's result, as PGlite's parseResults reads it (its first result set, values through
 * the type parsers, the count of rows written), as column names and rows of values.
 * @param {BackendMessage[]} messages
 * @param {PGlite['parsers']} parsers
 * @returns {PgliteQueryResult}
 */
function readResult(messages, parsers) {
  /** @type {string[]} */
  let fields = [];
  /** @type {number[]} */
  let typeIds = [];
  /** @type {unknown[][]} */
  const rows = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      const described = /** @type {RowDescriptionMessage} */ (message).fields;
      fields = described.map((field) => field.name);
      typeIds = described.map((field) => field.dataTypeID);
    } else if (message.name === 'dataRow') {
      const values = /** @type {DataRowMessage} */ (message).fields;
      rows.push(values.map((value, i) => types.parseType(value, typeIds[i] ?? 0, parsers)));
    } else if (message.name === 'commandComplete') {
      const parts = /** @type {CommandCompleteMessage} */ (message).text.split(' ');
      const count = Number.parseInt(parts[parts.length - 1] ?? '', 10);
      const affectedRows = WRITES.has(parts[0] ?? '') && !Number.isNaN(count) ? count : 0;
      return affectedRows ? { fields, rows, affectedRows } : { fields, rows };
    }
  }
  return { fields: [], rows: [] };
}

/** Describe the portal, execute it, sync: the same bytes after every Bind. */
const RUN = concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);

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
   * @returns {Promise<PgliteQueryResult>}
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
    parts.push(serialize.bind({ statement: name, values }), RUN);
    try {
      const messages = await exchange(pglite, concat(parts));
      if (name !== '') prepared.set(sql, name);
      if (prepared.size > STATEMENT_LIMIT) {
        const [oldest, oldName] = prepared.entries().next().value ?? [];
        prepared.delete(oldest);
        closing.push(oldName);
      }
      return readResult(messages, pglite.parsers);
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
