// The edge (issue 34, item 3): a ServiceError's code becomes its status through one table, its facts
// become headers, its body is sent as it is; anything else unexpected is logged and answered with a
// bare 500. A bare Fastify app with only the error handler, so each answer is the handler's alone.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ServiceError, type ServiceErrorCode, validationError } from '../shared/service-error.js';
import { errorHandlerPlugin, STATUS_OF_CODE } from './error-handler.plugin.js';

const logged: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString('utf8'));
    done();
  },
});
const app = Fastify({ logger: { level: 'error', stream } });
await app.register(errorHandlerPlugin);
let thrown: unknown = null;
app.get('/throw', async () => {
  throw thrown;
});
await app.ready();
afterAll(() => app.close());

async function answerTo(error: unknown) {
  thrown = error;
  logged.length = 0;
  return app.inject({ method: 'GET', url: '/throw' });
}

const EXPECTED: Record<ServiceErrorCode, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  timeout: 408,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  not_acceptable: 406,
  csrf_mismatch: 419,
  invalid_data: 422,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
};

describe('the error handler', () => {
  it('maps every domain code to the status the contract gives it', () => {
    expect(STATUS_OF_CODE).toEqual(EXPECTED);
  });

  it.each(Object.entries(EXPECTED) as [ServiceErrorCode, number][])(
    'answers %s with %i, its body as thrown and no fact headers',
    async (code, status) => {
      const answer = await answerTo(new ServiceError(code, `Refused as ${code}.`));
      expect(answer.statusCode).toBe(status);
      expect(answer.json()).toEqual({ message: `Refused as ${code}.` });
      expect(answer.headers['retry-after']).toBeUndefined();
      expect(answer.headers.connection).not.toBe('close');
      expect(logged).toEqual([]);
    },
  );

  it('keeps the extra fields of a body', async () => {
    const answer = await answerTo(new ServiceError('unauthenticated', { message: 'No.', details: 'Sign in again.' }));
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toBe('{"message":"No.","details":"Sign in again."}');
  });

  it('turns retryAfterSeconds into Retry-After', async () => {
    const answer = await answerTo(new ServiceError('rate_limited', 'Wait.', { retryAfterSeconds: 42 }));
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBe('42');
    expect(answer.json()).toEqual({ message: 'Wait.' });
  });

  it('turns closeConnection into Connection: close, whatever the code', async () => {
    const tooLarge = await answerTo(new ServiceError('too_large', 'Too big.', { closeConnection: true }));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.headers.connection).toBe('close');
    const cut = await answerTo(new ServiceError('invalid', 'Cut short.', { closeConnection: true }));
    expect(cut.statusCode).toBe(400);
    expect(cut.headers.connection).toBe('close');
  });

  it('answers validationError() with the contract 422 field map', async () => {
    const answer = await answerTo(validationError({ name: ['The name field is required.'] }));
    expect(answer.statusCode).toBe(422);
    expect(answer.body).toBe(
      '{"message":"The given data was invalid.","errors":{"name":["The name field is required."]}}',
    );
  });

  it('answers an unknown error with a bare 500 and logs it', async () => {
    const answer = await answerTo(new Error('database exploded: password=hunter2'));
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ message: 'Server error.' });
    expect(answer.body).not.toContain('hunter2');
    expect(logged.join('')).toContain('unexpected error');
    expect(logged.join('')).toContain('database exploded');
  });
});
