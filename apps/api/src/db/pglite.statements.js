// @ts-check
// Queries for the PGlite database thread in one protocol exchange each (Parse, Bind, Describe,
// Execute, Sync), where PGlite's own query() makes six. Data statements are prepared once under a
// name and reused (no planning per call). Parameters are serialised as node-postgres does on
// PostgreSQL (pg's prepareValue: Dates, Buffers, arrays, JSON), so both databases get the same
// text; rows are parsed by PGlite's own parsers, as query() does.
import { parse, protocol } from '@electric-sql/pglite';
import pg from 'pg';
import utils from 'pg/lib/utils.js';

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
      const { messages } = await pglite.execProtocol(concat(parts));
      if (name !== '') prepared.set(sql, name);
      if (prepared.size > STATEMENT_LIMIT) {
        const [oldest, oldName] = prepared.entries().next().value ?? [];
        prepared.delete(oldest);
        closing.push(oldName);
      }
      const [result] = parse.parseResults(messages, pglite.parsers, {});
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
