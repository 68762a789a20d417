// Kysely over the PGlite database thread. PGlite has one connection: callers take turns in the
// order they asked (a transaction keeps it from begin to commit), as with kysely-pglite-dialect.
// The driver also knows how long the connection has been held, which the health check reports.
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

class PgliteThreadConnection implements DatabaseConnection {
  constructor(private readonly thread: PgliteThread) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      const result = await this.thread.query(compiledQuery.sql, compiledQuery.parameters);
      // Rows are what PGlite parsed them to (Date, Uint8Array, numbers…), structured-cloned.
      const rows = result.rows as R[];
      return result.affectedRows ? { rows, numAffectedRows: BigInt(result.affectedRows) } : { rows };
    } catch (error) {
      // The reply arrives from another thread: add the caller's stack, as Kysely's drivers do.
      if (error instanceof Error) error.stack = `${error.stack ?? error.message}\n${new Error().stack ?? ''}`;
      throw error;
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
  readonly #connection: PgliteThreadConnection;
  readonly #waiting: (() => void)[] = [];
  #heldSince: number | undefined;

  constructor(thread: PgliteThread) {
    this.#thread = thread;
    this.#connection = new PgliteThreadConnection(thread);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#heldSince !== undefined) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#heldSince = performance.now();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    // Handed straight to the next caller: nobody can take the connection in between.
    if (next) next();
    else this.#heldSince = undefined;
  }

  /** Milliseconds since the current holder took the connection (0 when it is free). */
  heldForMs(): number {
    return this.#heldSince === undefined ? 0 : performance.now() - this.#heldSince;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
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
