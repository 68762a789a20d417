import { csvRoute } from '../../platform/findings/findings.csv.js';
import { authOf, paramsOf, queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  exportCredentials,
  exportInfostealerDevices,
  getCredential,
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
    getCredential: {
      handler: async (request) =>
        getCredential({ ctx, auth: authOf(request), input: { id: paramsOf('getCredential', request).id } }),
    },
    exportCredentials: csvRoute(ctx, 'credentials', (request, auth) =>
      exportCredentials({ ctx, auth, input: queryOf('exportCredentials', request) }),
    ),
    exportInfostealerDevices: csvRoute(ctx, 'infected-devices', (request, auth) =>
      exportInfostealerDevices({ ctx, auth, input: queryOf('exportInfostealerDevices', request) }),
    ),
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
