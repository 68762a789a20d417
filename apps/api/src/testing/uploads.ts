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
  /** The connection was reset before the answer could be read. */
  reset?: boolean;
}

/**
 * Sends an upload over real HTTP to the app (listening on 127.0.0.1) as `who`, streaming `body`;
 * `abortAfter` bytes destroys the connection mid-body (the answer is then status 0). Writing stops
 * once the answer arrives. A server that answers early (413) and closes while the body is still
 * coming can reset the connection before its answer is read (EPIPE, ECONNRESET): that is status 0
 * with `reset`, and the sending is tried again, at most three times, as a client would.
 */
type UploadOptions = { contentLength?: number; abortAfter?: number; path?: string };

export async function httpUpload(
  app: FastifyInstance,
  who: SignedIn & { browser: { cookies: Map<string, string> } },
  query: string,
  body: AsyncIterable<Buffer> | Buffer | (() => AsyncIterable<Buffer>),
  options: UploadOptions = {},
): Promise<HttpUpload> {
  for (let attempt = 1; ; attempt += 1) {
    const sent = await sendOnce(app, who, query, typeof body === 'function' ? body() : body, options);
    if (!sent.reset || attempt === 3 || (typeof body !== 'function' && !Buffer.isBuffer(body))) return sent;
  }
}

function sendOnce(
  app: FastifyInstance,
  who: SignedIn & { browser: { cookies: Map<string, string> } },
  query: string,
  body: AsyncIterable<Buffer> | Buffer,
  options: UploadOptions,
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
    let answered = false;
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: options.path ?? `/api/imports?${query}`, headers },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        const answer = () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') });
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', answer);
        // Reset after the answer began: what was read is the answer.
        res.on('error', answer);
        res.on('close', answer);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (options.abortAfter !== undefined) resolve({ status: 0, body: '' });
      else if (error.code === 'EPIPE' || error.code === 'ECONNRESET') {
        if (!answered) resolve({ status: 0, body: '', reset: true });
      } else reject(error);
    });
    (async () => {
      let sent = 0;
      for await (const part of Buffer.isBuffer(body) ? [body] : body) {
        // Let an answer that has arrived be read before writing more.
        await new Promise((r) => setImmediate(r));
        if (req.destroyed || answered) return;
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
