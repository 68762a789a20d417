// The route table checks every handler's answer against its operation in the contract: these
// handlers drift from it, and typecheck (`tsc --noEmit`) fails if any of them is accepted.
import { describe, expect, it } from 'vitest';
import type { RouteTable } from './route-table.js';

describe('the route table is typed by the contract', () => {
  it('refuses answers that drift from the operation', () => {
    const drifted: RouteTable = {
      // @ts-expect-error the health answer's status is the constant "ok"
      getHealth: { handler: async () => ({ status: 'fine' }) },
      listDorks: {
        // @ts-expect-error a list answer without its page meta
        handler: async () => ({ data: [] }),
      },
      issueCsrfCookie: {
        // @ts-expect-error a 204 operation answers no JSON body
        handler: async () => ({ ok: true }),
      },
    };
    expect(Object.keys(drifted)).toEqual(['getHealth', 'listDorks', 'issueCsrfCookie']);
  });

  it('accepts the contract answers, a 204 through reply.send, and an own 403 body', () => {
    const typed: RouteTable = {
      getHealth: { handler: async () => ({ status: 'ok', database: 'pglite' }) },
      issueCsrfCookie: { handler: async (_request, reply) => reply.code(204).send() },
      verifyTwoFactor: {
        handler: async (_request, reply) => {
          reply.code(403);
          return { message: 'Active validation is required.', active_validation_required: true };
        },
      },
    };
    expect(Object.keys(typed)).toHaveLength(3);
  });
});
