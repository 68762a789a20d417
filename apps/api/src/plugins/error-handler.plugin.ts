// The one error handler, the edge where domain errors become HTTP: a ServiceError's code maps to its
// status (one table) and its facts to headers; schema failures become the contract's 422 field map;
// anything unexpected is logged and answered with a bare 500.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ServiceError, type ServiceErrorCode } from '../shared/service-error.js';
import { DATE_YEARS } from './input-rules.js';
import { lingerAfterAnswer } from './lingering-close.js';

interface SchemaProblem {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string | undefined;
}

function fieldOf(problem: SchemaProblem): string {
  const path = problem.instancePath.split('/').filter(Boolean);
  if (problem.keyword === 'required' && typeof problem.params.missingProperty === 'string') {
    path.push(problem.params.missingProperty);
  }
  if (problem.keyword === 'additionalProperties' && typeof problem.params.additionalProperty === 'string') {
    path.push(problem.params.additionalProperty);
  }
  return path.join('.') || 'body';
}

function messageOf(field: string, problem: SchemaProblem): string {
  const label = field
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_.]/g, ' ')
    .toLowerCase();
  const p = problem.params;
  switch (problem.keyword) {
    case 'required':
      return `The ${label} field is required.`;
    case 'format':
      if (p.format === 'email') return `The ${label} field must be a valid email address.`;
      if (p.format === 'date' || p.format === 'date-time') {
        return `The ${label} field must be a valid ${p.format} between the years ${DATE_YEARS.min} and ${DATE_YEARS.max}.`;
      }
      return `The ${label} field must be a valid ${String(p.format)}.`;
    case 'noNul':
      return `The ${label} field must not contain a NUL character.`;
    case 'minimum':
      return `The ${label} field must be at least ${String(p.limit)}.`;
    case 'maximum':
      return `The ${label} field must not be greater than ${String(p.limit)}.`;
    case 'exclusiveMinimum':
      return `The ${label} field must be greater than ${String(p.limit)}.`;
    case 'exclusiveMaximum':
      return `The ${label} field must be less than ${String(p.limit)}.`;
    case 'minItems':
      return `The ${label} field must have at least ${String(p.limit)} items.`;
    case 'maxItems':
      return `The ${label} field must not have more than ${String(p.limit)} items.`;
    case 'type':
      return `The ${label} field must be ${String(p.type)
        .replace(/^(integer|object|array)$/, 'an $1')
        .replace(/^(string|number|boolean)$/, 'a $1')}.`;
    case 'minLength':
      return Number(p.limit) <= 1
        ? `The ${label} field is required.`
        : `The ${label} field must be at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `The ${label} field must not be greater than ${String(p.limit)} characters.`;
    case 'pattern':
      return `The ${label} field format is invalid.`;
    case 'enum':
    case 'const':
      return `The selected ${label} is invalid.`;
    case 'additionalProperties':
      return `The ${label} field is not allowed.`;
    default:
      return `The ${label} field ${problem.message ?? 'is invalid'}.`;
  }
}

export function validationFieldMap(problems: SchemaProblem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const field = fieldOf(problem);
    const message = messageOf(field, problem);
    const list = errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    errors[field] = list;
  }
  return errors;
}

/** The status of each domain code: a code added without one fails typecheck here. */
export const STATUS_OF_CODE = {
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
} as const satisfies Record<ServiceErrorCode, number>;

/** The headers a refusal's facts call for. */
export function headersOf(error: ServiceError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  if (error.closeConnection) headers.connection = 'close';
  return headers;
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | ServiceError, request, reply) => {
      if (error instanceof ServiceError) {
        // RFC 6750 §3: a refused bearer says so, so an integration or MCP client knows to renew its token.
        if (error.code === 'unauthenticated') {
          const bearer = /^Bearer\s/i.test(request.headers.authorization ?? '');
          reply.header(
            'www-authenticate',
            bearer ? 'Bearer realm="Vigil", error="invalid_token"' : 'Bearer realm="Vigil"',
          );
        }
        if (error.closeConnection) lingerAfterAnswer(request.raw);
        return reply.headers(headersOf(error)).code(STATUS_OF_CODE[error.code]).send(error.body);
      }
      if (error.validation) {
        return reply
          .code(422)
          .send({ message: 'The given data was invalid.', errors: validationFieldMap(error.validation) });
      }
      const status = error.statusCode ?? 500;
      if (status === 429) return reply.code(429).send({ message: 'Too many attempts. Please try again later.' });
      if (status >= 400 && status < 500) {
        const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body.' : error.message;
        return reply.code(status).send({ message });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.code(500).send({ message: 'Server error.' });
    });
  },
  { name: 'error-handler' },
);
