// An early refusal that closes the connection (413 while the body is still coming) must reach the
// client: the server reads and drops what is still in flight for a bounded time and byte count before
// it closes (nginx's lingering close). Without it, the unread bytes make the kernel reset the
// connection and the client loses the answer (seen in CI: status 0 instead of 413 under load).

import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import type { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../shared/service-error.js';
import { errorHandlerPlugin } from './error-handler.plugin.js';
import { LINGER_MAX_BYTES, LINGER_MS } from './lingering-close.js';

const CAP = 64 * 1024;
const app = Fastify();
await app.register(errorHandlerPlugin);
app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
// Reads as the upload routes do (readCapped): stops at the cap, pauses the body, never drains it.
app.post('/capped', (request) => {
  const body = request.body as Readable;
  return new Promise((resolve, reject) => {
    let read = 0;
    body.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read <= CAP) return;
      body.removeAllListeners('data');
      body.pause();
      reject(new ServiceError('too_large', { message: 'Too large.' }, { closeConnection: true }));
    });
    body.on('end', () => resolve({ read }));
  });
});

beforeAll(() => app.listen({ host: '127.0.0.1', port: 0 }));
afterAll(() => app.close());

/**
 * A client that writes a chunked body of `total` bytes and reads nothing while the socket is full,
 * for 300 ms (a busy browser, a loaded machine): what arrived in that time sits unread in its kernel.
 */
function blindUpload(total: number): Promise<{ answer: string; reset: boolean; sent: number }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let reset = false;
    let sent = 0;
    socket.on('data', (part: Buffer) => received.push(part));
    socket.pause();
    socket.on('error', () => {
      reset = true;
    });
    socket.on('close', () => resolve({ answer: Buffer.concat(received).toString('latin1'), reset, sent }));
    socket.write(
      'POST /capped HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    const chunk = Buffer.alloc(256 * 1024, 0x41);
    const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    const pump = () => {
      while (sent < total && !socket.destroyed && !socket.writableEnded) {
        sent += chunk.length;
        if (!socket.write(frame)) {
          socket.once('drain', pump);
          setTimeout(() => socket.resume(), 300);
          return;
        }
      }
      if (!socket.destroyed && !socket.writableEnded) socket.end('0\r\n\r\n');
      setTimeout(() => socket.resume(), 300);
    };
    pump();
  });
}

describe('lingering close after an early refusal', () => {
  it('a client busy sending (not reading) still gets the 413, and the connection ends when it is done', async () => {
    for (let i = 0; i < 5; i += 1) {
      const started = Date.now();
      const { answer, reset, sent } = await blindUpload(6 * 1024 * 1024);
      expect(reset).toBe(false);
      expect(sent).toBe(6 * 1024 * 1024);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer).toContain('connection: close');
      expect(answer.endsWith('{"message":"Too large."}')).toBe(true);
      // Closed because the client finished, not by the fallback timer.
      expect(Date.now() - started).toBeLessThan(LINGER_MS);
    }
  });

  it('a client that never stops is cut off after the lingering bytes (nothing reads forever)', async () => {
    const { sent, reset } = await blindUpload(64 * 1024 * 1024);
    expect(reset).toBe(true);
    // The cap, what is dropped, and what the two kernels' buffers and Node's write queue held.
    expect(sent).toBeLessThan(CAP + LINGER_MAX_BYTES + 8 * 1024 * 1024);
  });
});
