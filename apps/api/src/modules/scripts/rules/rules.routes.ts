// The operations of the JS attack-pattern rules (openapi/paths/js-rules.yaml); scripts.module.ts
// spreads them into the scripts module's routes.
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../../route-table.js';
import {
  createJsRule,
  deleteJsRule,
  getJsRule,
  listJsRules,
  setJsRuleEnabled,
  testJsRules,
  updateJsRule,
} from './rules.service.js';

/** A 1 MiB script as JSON: escapes can grow it, so the body may be a few times that. */
const TEST_BODY_BYTES = 4 * 1024 * 1024;

export function rulesRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listJsRules: {
      handler: async (request) => listJsRules({ ctx, auth: authOf(request), input: queryOf('listJsRules', request) }),
    },
    createJsRule: {
      handler: async (request, reply) => {
        const result = await createJsRule({ ctx, auth: authOf(request), input: bodyOf('createJsRule', request) });
        reply.code(201);
        return result;
      },
    },
    getJsRule: {
      handler: async (request) => getJsRule({ ctx, auth: authOf(request), input: paramsOf('getJsRule', request) }),
    },
    updateJsRule: {
      handler: async (request) =>
        updateJsRule({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateJsRule', request), id: paramsOf('updateJsRule', request).id },
        }),
    },
    deleteJsRule: {
      handler: async (request) =>
        deleteJsRule({ ctx, auth: authOf(request), input: paramsOf('deleteJsRule', request) }),
    },
    setJsRuleEnabled: {
      handler: async (request) =>
        setJsRuleEnabled({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('setJsRuleEnabled', request), id: paramsOf('setJsRuleEnabled', request).id },
        }),
    },
    testJsRules: {
      bodyLimit: TEST_BODY_BYTES,
      handler: async (request) => testJsRules({ ctx, auth: authOf(request), input: bodyOf('testJsRules', request) }),
    },
  };
}
