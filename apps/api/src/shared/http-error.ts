/** An error a service throws to end a request with a given status and body (the one error handler sends it). */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, body: string | Record<string, unknown>, headers: Record<string, string> = {}) {
    const payload = typeof body === 'string' ? { message: body } : body;
    super(typeof payload.message === 'string' ? payload.message : `HTTP ${statusCode}`);
    this.statusCode = statusCode;
    this.body = payload;
    this.headers = headers;
  }
}

export { messages, validationError } from './service-error.js';
