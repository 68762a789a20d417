// The messages between the server's thread and the PGlite database thread (pglite.worker.js).
// Every request carries an id and gets exactly one reply with the same id.

/** What the database thread is started with (its workerData). */
export interface PgliteThreadOptions {
  /** A directory on disk; absent: in memory. */
  dataDir?: string;
  /** A dump (tar) of a data directory to start from (transferred, not copied). */
  loadDataDir?: ArrayBuffer;
  /** PGlite's WebAssembly, compiled once per process and shared by its database threads. */
  pgliteWasmModule?: WebAssembly.Module;
}

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  /** Answered between statements without taking the connection: the thread and its database are up. */
  | { id: number; op: 'ping' }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** An error with PostgreSQL's fields (code, detail, constraint…) when the database raised it. */
export interface PgliteErrorData {
  message: string;
  /** PostgreSQL's error fields, present when the error came from the database. */
  fields?: Record<string, string | undefined>;
}

/** A statement's result: its column names and its rows as values in that order (the server's thread makes the objects). */
export interface PgliteQueryResult {
  fields: string[];
  rows: unknown[][];
  affectedRows?: number;
}

export type PgliteReply =
  /** Sent once, when PGlite is open (or failed to open). */
  | { kind: 'ready' }
  | { kind: 'failed'; error: PgliteErrorData }
  | { kind: 'done'; id: number; value: PgliteQueryResult | ArrayBuffer | null }
  | { kind: 'error'; id: number; error: PgliteErrorData };

/** PostgreSQL's error fields, as pg's DatabaseError names them. */
export const databaseErrorFields = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;
