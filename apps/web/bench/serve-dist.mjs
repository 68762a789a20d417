#!/usr/bin/env node
// A minimal static server for dist/ with the pre-compressed .br/.gz files, history fallback and a
// proxy of /api to the API server: it shows what the app costs when served compressed.
// Usage: node bench/serve-dist.mjs [port] [api-origin]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../dist');
const port = Number(process.argv[2] ?? 4173);
const api = new URL(process.argv[3] ?? 'http://127.0.0.1:3000');
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    const upstream = request(
      { host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
    return;
  }
  let file = normalize(join(root, decodeURIComponent(url.pathname)));
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html');
  const accept = String(req.headers['accept-encoding'] ?? '');
  const headers = {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'accept-encoding',
  };
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (accept.includes(encoding) && existsSync(file + suffix)) {
      res.writeHead(200, { ...headers, 'content-encoding': encoding });
      createReadStream(file + suffix).pipe(res);
      return;
    }
  }
  res.writeHead(200, headers);
  createReadStream(file).pipe(res);
}).listen(port, '127.0.0.1', () => console.log(`dist on http://127.0.0.1:${port} (api ${api.origin})`));
