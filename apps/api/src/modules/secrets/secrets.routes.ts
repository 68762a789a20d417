// The operations of openapi/paths/secrets.yaml, keyed by operationId (thin: the verbs are in
// secrets.service.ts and secrets.settings.ts).

import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, bodyOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  exportSecretIncidents,
  getSecretIncident,
  listSecretIncidents,
  listSecretRules,
  startSecretSearch,
} from './secrets.service.js';
import {
  createCodeSearchTerm,
  createSecretAllowlistEntry,
  deleteCodeSearchTerm,
  deleteSecretAllowlistEntry,
  listCodeSearchTerms,
  listSecretAllowlist,
  updateCodeSearchTerm,
} from './secrets.settings.js';

export function secretsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listSecretIncidents: {
      handler: async (request) =>
        listSecretIncidents({ ctx, auth: authOf(request), input: queryOf('listSecretIncidents', request) }),
    },
    exportSecretIncidents: csvRoute(ctx, 'secret-incidents', (request, auth) =>
      exportSecretIncidents({ ctx, auth, input: queryOf('exportSecretIncidents', request) }),
    ),
    getSecretIncident: {
      handler: async (request) =>
        getSecretIncident({ ctx, auth: authOf(request), input: paramsOf('getSecretIncident', request) }),
    },
    listSecretRules: { handler: async () => listSecretRules() },
    listCodeSearchTerms: {
      handler: async (request) => listCodeSearchTerms({ ctx, auth: authOf(request), input: null }),
    },
    createCodeSearchTerm: {
      handler: async (request, reply) => {
        const result = await createCodeSearchTerm({
          ctx,
          auth: authOf(request),
          input: bodyOf('createCodeSearchTerm', request),
        });
        reply.code(201);
        return result;
      },
    },
    updateCodeSearchTerm: {
      handler: async (request) =>
        updateCodeSearchTerm({
          ctx,
          auth: authOf(request),
          input: { ...bodyOf('updateCodeSearchTerm', request), id: paramsOf('updateCodeSearchTerm', request).id },
        }),
    },
    deleteCodeSearchTerm: {
      handler: async (request) =>
        deleteCodeSearchTerm({ ctx, auth: authOf(request), input: paramsOf('deleteCodeSearchTerm', request) }),
    },
    listSecretAllowlist: {
      handler: async (request) => listSecretAllowlist({ ctx, auth: authOf(request), input: null }),
    },
    createSecretAllowlistEntry: {
      handler: async (request, reply) => {
        const result = await createSecretAllowlistEntry({
          ctx,
          auth: authOf(request),
          input: bodyOf('createSecretAllowlistEntry', request),
        });
        reply.code(201);
        return result;
      },
    },
    deleteSecretAllowlistEntry: {
      handler: async (request) =>
        deleteSecretAllowlistEntry({
          ctx,
          auth: authOf(request),
          input: paramsOf('deleteSecretAllowlistEntry', request),
        }),
    },
    startSecretSearch: {
      handler: async (request, reply) => {
        const result = await startSecretSearch({ ctx, auth: authOf(request), input: null });
        reply.code(202);
        return result;
      },
    },
  };
}
