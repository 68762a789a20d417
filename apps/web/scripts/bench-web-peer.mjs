// bench:web's peer: TailAdmin React, the free admin template (MIT), built once and committed under
// bench/peer/tailadmin/dist (bench/peer/tailadmin/SOURCE.md says from what and how). servePeer() serves
// that build on 127.0.0.1 so Lighthouse measures the peer's dashboard in the same run as ours, nothing
// fetched from the internet: gzip as our server sends (a fair comparison), history fallback, no-cache.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';

export const PEER_NAME = 'TailAdmin React';
/** The template's version (its package.json) and the commit of TailAdmin/free-react-tailwind-admin-dashboard built. */
export const PEER_VERSION = '2.1.0 (dbfe4bf48d65bf246c2a722c2e2ac96589eca7ed)';
/** The template's main dashboard (its eCommerce page, the index route). */
export const PEER_DASHBOARD_PATH = '/';
export const PEER_DIST = resolve(import.meta.dirname, '../bench/peer/tailadmin/dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
};
const COMPRESSED = new Set(['.html', '.js', '.css', '.svg', '.json']);

/** The file a request path names in `root`, index.html for a path without an extension, or null (404). */
function fileFor(root, pathname) {
  let path;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) return null;
  if (existsSync(file) && statSync(file).isFile()) return file;
  return extname(path) === '' ? join(root, 'index.html') : null;
}

/** Serves the peer's dist on 127.0.0.1 (a free port): `url` is its origin, `stop()` closes it and its sockets. */
export async function servePeer({ root = PEER_DIST } = {}) {
  const sockets = new Set();
  const server = createServer((req, res) => {
    const file = fileFor(root, new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' }).end('not found');
      return;
    }
    const type = extname(file);
    const headers = {
      'content-type': TYPES[type] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
    };
    const gzip = COMPRESSED.has(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) headers['content-encoding'] = 'gzip';
    else headers['content-length'] = statSync(file).size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const streams = gzip ? [createReadStream(file), createGzip(), res] : [createReadStream(file), res];
    pipeline(streams, () => {});
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((done) => {
        server.close(() => done());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
