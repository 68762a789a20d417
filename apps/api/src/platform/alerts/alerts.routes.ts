import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { createAlertRule, deleteAlertRule, listAlertRules, updateAlertRule } from './alert-rules.service.js';
import {
  createAlertChannel,
  deleteAlertChannel,
  listAlertChannelDeliveries,
  listAlertChannels,
  testAlertChannel,
  updateAlertChannel,
} from './channels/channels.service.js';
import { receiveJiraEvent } from './channels/jira-events.service.js';
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
    listAlertChannels: {
      handler: async (request) => listAlertChannels({ ctx, auth: authOf(request), input: undefined }),
    },
    createAlertChannel: {
      handler: async (request, reply) => {
        reply.code(201);
        return createAlertChannel({ ctx, auth: authOf(request), input: bodyOf('createAlertChannel', request) });
      },
    },
    updateAlertChannel: {
      handler: async (request) =>
        updateAlertChannel({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('updateAlertChannel', request).id, body: bodyOf('updateAlertChannel', request) },
        }),
    },
    deleteAlertChannel: {
      handler: async (request) =>
        deleteAlertChannel({ ctx, auth: authOf(request), input: paramsOf('deleteAlertChannel', request) }),
    },
    testAlertChannel: {
      handler: async (request, reply) => {
        const answer = await testAlertChannel({
          ctx,
          auth: authOf(request),
          input: paramsOf('testAlertChannel', request),
        });
        wake();
        reply.code(202);
        return answer;
      },
    },
    listAlertChannelDeliveries: {
      handler: async (request) =>
        listAlertChannelDeliveries({
          ctx,
          auth: authOf(request),
          input: paramsOf('listAlertChannelDeliveries', request),
        }),
    },
    receiveJiraEvent: {
      handler: async (request) =>
        receiveJiraEvent({
          ctx,
          input: {
            id: paramsOf('receiveJiraEvent', request).id,
            secret: queryOf('receiveJiraEvent', request).secret,
            event: bodyOf('receiveJiraEvent', request),
          },
        }),
    },
  };
}
