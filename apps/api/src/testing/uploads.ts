// Uploads over real HTTP on 127.0.0.1 for the import tests (the request body streamed, as a
// browser sends it); the hostile files themselves come from bench/hostile-uploads.ts.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { SignedIn } from './flows.js';

export { generatedCombolist, gzipOfZeros, zipOfOverlappingEntries } from '../bench/hostile-uploads.js';

export interface HttpUpload {
  status: number;
  body: string;
}

/**
 * Sends an upload over real HTTP to the app (listening on 127.0.0.1) as `who`, streaming `body`;
 * `abortAfter` bytes destroys the connection mid-body (the answer is then status 0).
 */
export async function httpUpload(
  app: FastifyInstance,
  who: SignedIn & { browser: { cookies: Map<string, string> } },
  query: string,
  body: AsyncIterable<Buffer> | Buffer,
  options: { contentLength?: number; abortAfter?: number; path?: string } = {},
): Promise<HttpUpload> {
  const { port } = app.server.address() as AddressInfo;
  const xsrf = who.browser.cookies.get('XSRF-TOKEN') ?? '';
  const headers: Record<string, string | number> = {
    'content-type': 'application/octet-stream',
    cookie: [...who.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    'x-xsrf-token': xsrf,
    authorization: `Bearer ${who.token}`,
  };
  if (options.contentLength !== undefined) headers['content-length'] = options.contentLength;
  else if (Buffer.isBuffer(body)) headers['content-length'] = body.length;
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: options.path ?? `/api/imports?${query}`, headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      },
    );
    req.on('error', (error) => (options.abortAfter !== undefined ? resolve({ status: 0, body: '' }) : reject(error)));
    (async () => {
      let sent = 0;
      for await (const part of Buffer.isBuffer(body) ? [body] : body) {
        if (req.destroyed) return;
        if (options.abortAfter !== undefined && sent + part.length > options.abortAfter) {
          req.write(part.subarray(0, options.abortAfter - sent));
          await new Promise((r) => setTimeout(r, 200));
          req.destroy();
          return;
        }
        sent += part.length;
        if (!req.write(part)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })().catch(reject);
  });
}
