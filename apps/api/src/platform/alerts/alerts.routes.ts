import { authOf, bodyOf, paramsOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { createAlertRule, deleteAlertRule, listAlertRules, updateAlertRule } from './alert-rules.service.js';
import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listWebhooks,
  testWebhook,
  updateWebhook,
} from './webhooks.service.js';

export function alertsRoutes({ ctx }: RouteDeps, wake: () => void): RouteTable {
  return {
    listAlertRules: { handler: async (request) => listAlertRules({ ctx, auth: authOf(request), input: undefined }) },
    createAlertRule: {
      handler: async (request, reply) => {
        reply.code(201);
        return createAlertRule({ ctx, auth: authOf(request), input: bodyOf('createAlertRule', request) });
      },
    },
    updateAlertRule: {
      handler: async (request) =>
        updateAlertRule({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('updateAlertRule', request).id, body: bodyOf('updateAlertRule', request) },
        }),
    },
    deleteAlertRule: {
      handler: async (request) =>
        deleteAlertRule({ ctx, auth: authOf(request), input: paramsOf('deleteAlertRule', request) }),
    },
    listWebhooks: { handler: async (request) => listWebhooks({ ctx, auth: authOf(request), input: undefined }) },
    createWebhook: {
      handler: async (request, reply) => {
        reply.code(201);
        return createWebhook({ ctx, auth: authOf(request), input: bodyOf('createWebhook', request) });
      },
    },
    updateWebhook: {
      handler: async (request) =>
        updateWebhook({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('updateWebhook', request).id, body: bodyOf('updateWebhook', request) },
        }),
    },
    deleteWebhook: {
      handler: async (request) =>
        deleteWebhook({ ctx, auth: authOf(request), input: paramsOf('deleteWebhook', request) }),
    },
    testWebhook: {
      handler: async (request, reply) => {
        const answer = await testWebhook({ ctx, auth: authOf(request), input: paramsOf('testWebhook', request) });
        wake();
        reply.code(202);
        return answer;
      },
    },
    listWebhookDeliveries: {
      handler: async (request) =>
        listWebhookDeliveries({ ctx, auth: authOf(request), input: paramsOf('listWebhookDeliveries', request) }),
    },
  };
}
