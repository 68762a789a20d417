// @ts-check
// The PGlite database thread: PGlite runs its queries synchronously in WebAssembly, so it lives
// here and the server's event loop only exchanges messages (pglite.protocol.ts). JavaScript, not
// TypeScript: Node 20 runs a worker's file as it is, from src under the tests and from dist.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { statementRunner } from './pglite.statements.js';

/** @typedef {import('./pglite.protocol.js').PgliteRequest} PgliteRequest */
/** @typedef {import('./pglite.protocol.js').PgliteReply} PgliteReply */
/** @typedef {import('./pglite.protocol.js').PgliteErrorData} PgliteErrorData */
/** @typedef {import('./pglite.protocol.js').PgliteThreadOptions} PgliteThreadOptions */

if (!parentPort) throw new Error('pglite.worker.js runs as a worker thread.');
const port = parentPort;

/**
 * The message and every string field of an error (PostgreSQL's code, detail, constraint…).
 * @param {unknown} error
 * @returns {PgliteErrorData}
 */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, string | undefined>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string') fields[key] = value;
  return { message: error.message, fields };
}

/** @param {PgliteReply} reply @param {import('node:worker_threads').TransferListItem[]} [transfer] */
function send(reply, transfer = []) {
  port.postMessage(reply, transfer);
}

/** @type {PgliteThreadOptions} */
const options = workerData ?? {};
/** @type {PGlite} */
let pglite;
try {
  pglite = await PGlite.create({
    // PostgreSQL's 128 MB default is memory the WebAssembly heap keeps for good once touched (it never
    // shrinks); the files' pages are cached by the operating system anyway. 32 MB keeps an import's
    // working set and the server under 600 MB in all (npm run bench:api).
    postgresqlconf: ['shared_buffers=32MB'],
    // Trigram indexes serve the lists' substring searches (migration 2026-11-26-1300), as on PostgreSQL;
    // unaccent folds accents in the search's full-text configuration (2026-12-02-1100).
    extensions: { pg_trgm, unaccent },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir]) } : {}),
    ...(options.pgliteWasmModule ? { pgliteWasmModule: options.pgliteWasmModule } : {}),
  });
} catch (error) {
  send({ kind: 'failed', error: errorData(error) });
  port.close();
  throw error;
}

const query = statementRunner(pglite);

/** @param {PgliteRequest} request */
async function handle(request) {
  try {
    if (request.op === 'query') {
      send({ kind: 'done', id: request.id, value: await query(request.sql, request.params) });
    } else if (request.op === 'ping') {
      if (pglite.closed) throw new Error('The database is closed.');
      send({ kind: 'done', id: request.id, value: null });
    } else if (request.op === 'dump') {
      const dump = await (await pglite.dumpDataDir('none')).arrayBuffer();
      send({ kind: 'done', id: request.id, value: dump }, [dump]);
    } else {
      await pglite.close();
      send({ kind: 'done', id: request.id, value: null });
      // Nothing else holds the thread: it ends once this reply is out.
      port.close();
    }
  } catch (error) {
    send({ kind: 'error', id: request.id, error: errorData(error) });
  }
}

// Queries, dumps and the close run one after the other; a ping is answered as soon as it arrives.
let tail = Promise.resolve();
port.on('message', (/** @type {PgliteRequest} */ request) => {
  if (request.op === 'ping') void handle(request);
  else tail = tail.then(() => handle(request));
});
send({ kind: 'ready' });
