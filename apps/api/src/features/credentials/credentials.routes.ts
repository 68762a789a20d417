import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../shared/routes.js';
import { csvFileName } from '../findings/findings.csv.js';
import {
  exportCredentials,
  exportInfostealerDevices,
  getInfostealerDevice,
  listCredentials,
  listInfostealerDevices,
} from './credentials.service.js';

export function credentialsRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listCredentials: {
      handler: async (request) =>
        listCredentials({ ctx, auth: authOf(request), input: queryOf('listCredentials', request) }),
    },
    exportCredentials: {
      handler: async (request, reply) => {
        const stream = exportCredentials({ ctx, auth: authOf(request), input: queryOf('exportCredentials', request) });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName('credentials', ctx.clock.now())}"`);
        return reply.send(stream);
      },
    },
    exportInfostealerDevices: {
      handler: async (request, reply) => {
        const stream = exportInfostealerDevices({
          ctx,
          auth: authOf(request),
          input: queryOf('exportInfostealerDevices', request),
        });
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csvFileName('infected-devices', ctx.clock.now())}"`);
        return reply.send(stream);
      },
    },
    listInfostealerDevices: {
      handler: async (request) =>
        listInfostealerDevices({ ctx, auth: authOf(request), input: queryOf('listInfostealerDevices', request) }),
    },
    getInfostealerDevice: {
      handler: async (request) =>
        getInfostealerDevice({
          ctx,
          auth: authOf(request),
          input: { id: paramsOf('getInfostealerDevice', request).id },
        }),
    },
  };
}
