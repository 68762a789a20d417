import { authOf, bodyOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  confirmAuthenticator,
  disableAuthenticator,
  regenerateRecoveryCodes,
  startAuthenticator,
  twoFactorStatus,
} from './two-factor.service.js';

export function twoFactorRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getTwoFactor: {
      handler: async (request) => twoFactorStatus(ctx, authOf(request).user),
    },
    startAuthenticator: {
      handler: async (request) => startAuthenticator({ ctx, auth: authOf(request), input: undefined, ip: request.ip }),
    },
    confirmAuthenticator: {
      sensitive: true,
      handler: async (request) =>
        confirmAuthenticator({
          ctx,
          auth: authOf(request),
          input: bodyOf('confirmAuthenticator', request),
          ip: request.ip,
        }),
    },
    disableAuthenticator: {
      sensitive: true,
      handler: async (request) =>
        disableAuthenticator({
          ctx,
          auth: authOf(request),
          input: bodyOf('disableAuthenticator', request),
          ip: request.ip,
        }),
    },
    regenerateRecoveryCodes: {
      sensitive: true,
      handler: async (request) =>
        regenerateRecoveryCodes({
          ctx,
          auth: authOf(request),
          input: bodyOf('regenerateRecoveryCodes', request),
          ip: request.ip,
        }),
    },
  };
}
