// Kysely over the PGlite database thread. PGlite has one connection and the thread runs what it
// is sent in order. A transaction has the connection to itself from `begin` until it lets go;
// queries outside a transaction are sent at once, several in flight (the thread queues them), so
// the server does not wait for one reply before sending the next. Callers take turns in the order
// they asked. The driver also knows how long the connection has been held (the health check).
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PgliteThread } from './pglite-thread.js';

/** One object per row, keyed by column name (a later column of the same name wins, as in PGlite). */
function rowObjects(fields: string[], rows: unknown[][]): Record<string, unknown>[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i += 1) {
      const name = fields[i] as string;
      // A column named __proto__ is a property like any other, not the object's prototype.
      if (name === '__proto__')
        Object.defineProperty(row, name, { value: values[i], enumerable: true, writable: true, configurable: true });
      else row[name] = values[i];
    }
    return row;
  });
}

/** A caller's turn, in the order asked: a query outside a transaction, or a whole transaction. */
interface Turn {
  exclusive: boolean;
  go(): void;
}

/** One caller's handle on the connection, from acquireConnection to releaseConnection. */
class PgliteThreadConnection implements DatabaseConnection {
  /** Set from `begin` until the connection is released: this caller has the connection to itself. */
  exclusive = false;

  constructor(
    private readonly thread: PgliteThread,
    private readonly driver: PgliteThreadDriver,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    // Outside a transaction, a query only waits for a transaction that holds or asked first.
    const since = this.exclusive ? undefined : await this.driver.sharedTurn();
    try {
      const result = await this.thread.query(compiledQuery.sql, compiledQuery.parameters);
      // Values are what PGlite parsed them to (Date, Uint8Array, numbers…), structured-cloned.
      const rows = rowObjects(result.fields, result.rows) as R[];
      return result.affectedRows ? { rows, numAffectedRows: BigInt(result.affectedRows) } : { rows };
    } catch (error) {
      // The reply arrives from another thread: add the caller's stack, as Kysely's drivers do.
      if (error instanceof Error) error.stack = `${error.stack ?? error.message}\n${new Error().stack ?? ''}`;
      throw error;
    } finally {
      if (since !== undefined) this.driver.sharedDone(since);
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

export class PgliteThreadDriver implements Driver {
  readonly #thread: PgliteThread;
  /** Callers waiting for their turn, first asked first. */
  readonly #waiting: Turn[] = [];
  /** When the transaction that has the connection took it. */
  #heldSince: number | undefined;
  /** When each query in flight outside a transaction was sent (oldest first), by a number of its own. */
  readonly #inFlight = new Map<number, number>();
  #nextQuery = 1;

  constructor(thread: PgliteThread) {
    this.#thread = thread;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteThreadConnection(this.#thread, this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof PgliteThreadConnection) || !connection.exclusive) return;
    connection.exclusive = false;
    this.#heldSince = undefined;
    this.#next();
  }

  /**
   * Waits until no transaction holds the connection or asked for it first; resolves with the
   * query's number once it may be sent (queries sent before a `begin` run before it, in order).
   */
  sharedTurn(): number | Promise<number> {
    if (this.#heldSince === undefined && this.#waiting.length === 0) return this.#sent();
    return new Promise<number>((resolve) => this.#waiting.push({ exclusive: false, go: () => resolve(this.#sent()) }));
  }

  sharedDone(query: number): void {
    this.#inFlight.delete(query);
  }

  /** Milliseconds since the current holder took the connection, or the oldest query in flight was sent. */
  heldForMs(): number {
    const oldest = this.#inFlight.values().next().value;
    const since = Math.min(this.#heldSince ?? Number.POSITIVE_INFINITY, oldest ?? Number.POSITIVE_INFINITY);
    return since === Number.POSITIVE_INFINITY ? 0 : performance.now() - since;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof PgliteThreadConnection)) throw new Error('Not a connection of this driver.');
    if (!connection.exclusive) {
      if (this.#heldSince !== undefined || this.#waiting.length > 0) {
        await new Promise<void>((resolve) => this.#waiting.push({ exclusive: true, go: resolve }));
      }
      this.#heldSince = performance.now();
      connection.exclusive = true;
    }
    let sql = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sql = 'start transaction';
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) sql += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    await this.#thread.close();
  }

  #sent(): number {
    const query = this.#nextQuery++;
    this.#inFlight.set(query, performance.now());
    return query;
  }

  /** Hands the free connection on: every query up to the next transaction, or that transaction. */
  #next(): void {
    while (this.#heldSince === undefined) {
      const turn = this.#waiting.shift();
      if (!turn) return;
      // Taken now, before its caller resumes: nobody can slip in between.
      if (turn.exclusive) this.#heldSince = performance.now();
      turn.go();
    }
  }
}

export class PgliteThreadDialect implements Dialect {
  constructor(private readonly driver: PgliteThreadDriver) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return this.driver;
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
