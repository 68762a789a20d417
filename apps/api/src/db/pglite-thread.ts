// The server's side of the PGlite database thread: starts pglite.worker.js, sends requests and
// resolves each with its reply. Errors come back as pg's DatabaseError with PostgreSQL's fields
// (code, detail, constraint…), the same class as on PostgreSQL. An idle thread does not keep the
// process alive; one with a request in flight does.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import {
  databaseErrorFields,
  type PgliteErrorData,
  type PgliteQueryResult,
  type PgliteReply,
  type PgliteRequest,
  type PgliteThreadOptions,
} from './pglite.protocol.js';

/** What each request resolves with. */
interface Replies {
  query: PgliteQueryResult;
  ping: null;
  dump: ArrayBuffer;
  close: null;
}
type Request = PgliteRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** A busy thread that answered within this long is making progress (the health check). */
export const PROGRESS_MS = 5000;

let compiled: Promise<WebAssembly.Module> | undefined;

/** PGlite's WebAssembly compiled once: each further thread starts without compiling 9 MB again. */
function pgliteWasmModule(): Promise<WebAssembly.Module> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  compiled ??= readFile(join(dirname(entry), 'pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes))
    .catch((error: unknown) => {
      // Not kept: a failed read (a full disk, a missing file being restored) is tried again next time.
      compiled = undefined;
      throw error;
    });
  return compiled;
}

function rehydrate(data: PgliteErrorData): Error {
  const fields = data.fields ?? {};
  if (fields.code === undefined) return new Error(data.message);
  const error = new pg.DatabaseError(data.message, 0, 'error');
  for (const key of databaseErrorFields) error[key] = fields[key];
  return error;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #ready: Promise<void>;
  readonly #exited: Promise<void>;
  #nextId = 1;
  #lastReplyAt = Number.NEGATIVE_INFINITY;
  #stopped: Error | undefined;
  #closing: Promise<void> | undefined;

  private constructor(options: PgliteThreadOptions) {
    this.#worker = new Worker(new URL('./pglite.worker.js', import.meta.url), {
      workerData: options,
      transferList: options.loadDataDir ? [options.loadDataDir] : [],
    });
    const worker = this.#worker;
    this.#exited = new Promise((resolve) => worker.once('exit', () => resolve()));
    let started: Pending = { resolve: () => {}, reject: () => {} };
    this.#ready = new Promise<void>((resolve, reject) => {
      started = { resolve: () => resolve(), reject };
    });
    worker.on('message', (reply: PgliteReply) => {
      if (reply.kind === 'ready') started.resolve(undefined);
      else if (reply.kind === 'failed') started.reject(rehydrate(reply.error));
      else {
        this.#lastReplyAt = performance.now();
        const pending = this.#pending.get(reply.id);
        if (!pending) return;
        this.#settled(reply.id);
        if (reply.kind === 'done') pending.resolve(reply.value);
        else pending.reject(rehydrate(reply.error));
      }
    });
    const stop = (error: Error) => {
      this.#stopped ??= error;
      started.reject(error);
      for (const [id, pending] of this.#pending) {
        this.#settled(id);
        pending.reject(error);
      }
    };
    worker.on('error', (error) => stop(new Error(`The PGlite database thread failed: ${error.message}`)));
    worker.on('exit', (code) => stop(new Error(`The PGlite database thread has stopped (exit code ${code}).`)));
  }

  /**
   * Starts a database thread and resolves once its PGlite is open. A data directory that is not yet
   * initialised is first created by a thread of its own, which then ends: initdb leaves ~550 MB of
   * WebAssembly heap behind that its thread never gives back (npm run bench:api). A directory loaded
   * from a dump (a restore) needs no initdb: PGlite refuses to load into an initialised one.
   */
  static async open(options: Omit<PgliteThreadOptions, 'pgliteWasmModule'> = {}): Promise<PgliteThread> {
    if (options.dataDir && !options.loadDataDir && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
      await (await PgliteThread.#start({ dataDir: options.dataDir })).close();
    }
    return PgliteThread.#start(options);
  }

  static async #start(options: Omit<PgliteThreadOptions, 'pgliteWasmModule'>): Promise<PgliteThread> {
    const thread = new PgliteThread({ ...options, pgliteWasmModule: await pgliteWasmModule() });
    try {
      await thread.#ready;
    } catch (error) {
      await thread.#worker.terminate();
      throw error;
    }
    thread.#worker.unref();
    return thread;
  }

  query(sql: string, params: readonly unknown[]): Promise<PgliteQueryResult> {
    return this.#send({ op: 'query', sql, params: [...params] });
  }

  /**
   * Resolves when the thread is alive: at once while it is busy and answered within the last
   * PROGRESS_MS, else when it answers a ping (between two statements, whoever holds the connection).
   */
  async ping(): Promise<void> {
    if (this.#stopped) throw this.#stopped;
    if (this.#pending.size > 0 && performance.now() - this.#lastReplyAt < PROGRESS_MS) return;
    await this.#send({ op: 'ping' });
  }

  /** A tar of the data directory (a template that other instances load). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.#send({ op: 'dump' })], { type: 'application/x-tar' });
  }

  /** Closes PGlite and waits for the thread to end. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      // Kept referenced from now on: the process waits for the thread to end.
      this.#worker.ref();
      if (!this.#stopped) await this.#send({ op: 'close' });
      await this.#exited;
    })();
    return this.#closing;
  }

  #send<K extends keyof Replies>(request: Request & { op: K }): Promise<Replies[K]> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    // A request in flight keeps the process alive until its reply.
    if (this.#pending.size === 0) this.#worker.ref();
    const reply = new Promise<Replies[K]>((resolve, reject) => {
      // The thread answers each op with its own Replies[K] (pglite.worker.js).
      this.#pending.set(id, { resolve: (value) => resolve(value as Replies[K]), reject });
    });
    this.#worker.postMessage({ ...request, id });
    return reply;
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0 && !this.#closing) this.#worker.unref();
  }
}
