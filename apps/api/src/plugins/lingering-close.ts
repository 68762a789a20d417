// nginx's lingering close, for answers sent before the request's body was read (a 413 while an
// upload is still streaming, an interrupted upload). Node's server ends such a `Connection: close`
// answer with destroySoon(): it closes the socket as soon as the answer is written, with the
// client's next bytes still unread, and the kernel then resets the connection. A client busy writing
// (a browser under load, a slow machine) loses the answer it had not read yet: it sees a reset, not
// "The picture must be at most 2 MB.". So the server half-closes instead, reads and drops what is
// still in flight (bounded in bytes and time, never held), and closes when the client is done.
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

/** At most this much more is read (and dropped) after the answer, then the connection is cut. */
export const LINGER_MAX_BYTES = 8 * 1024 * 1024;
/** And for at most this long. */
export const LINGER_MS = 5_000;

export function lingerAfterAnswer(request: IncomingMessage): void {
  const socket = request.socket as Socket & { destroySoon?: () => void };
  // app.inject's requests have no network socket: nothing can be reset.
  if (!(socket instanceof Socket) || socket.destroyed) return;
  const close = () => socket.destroy();
  let dropped = 0;
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_MAX_BYTES) close();
  });
  request.resume();
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
