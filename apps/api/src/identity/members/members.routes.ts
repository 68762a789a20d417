import { authOf, bodyOf, paramsOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import {
  acceptInvitation,
  inviteMember,
  lookupInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.service.js';
import {
  activateMember,
  changeMemberRole,
  deactivateMember,
  listMembers,
  memberHistory,
  reactivateMember,
  removeMember,
} from './members.service.js';

export function membersRoutes({ ctx }: RouteDeps): RouteTable {
  const byId = (request: Parameters<typeof authOf>[0], id: number) => ({
    ctx,
    auth: authOf(request),
    input: { id },
    ip: request.ip,
  });
  return {
    listMembers: { handler: async (request) => listMembers({ ctx, auth: authOf(request) }) },
    memberHistory: {
      handler: async (request) => memberHistory(byId(request, paramsOf('memberHistory', request).id)),
    },
    changeMemberRole: {
      handler: async (request) =>
        changeMemberRole({
          ...byId(request, paramsOf('changeMemberRole', request).id),
          input: { id: paramsOf('changeMemberRole', request).id, role: bodyOf('changeMemberRole', request).role },
        }),
    },
    activateMember: {
      handler: async (request) => activateMember(byId(request, paramsOf('activateMember', request).id)),
    },
    deactivateMember: {
      handler: async (request) => deactivateMember(byId(request, paramsOf('deactivateMember', request).id)),
    },
    reactivateMember: {
      handler: async (request) => reactivateMember(byId(request, paramsOf('reactivateMember', request).id)),
    },
    removeMember: { handler: async (request) => removeMember(byId(request, paramsOf('removeMember', request).id)) },
    inviteMember: {
      handler: async (request, reply) => {
        const result = await inviteMember({
          ctx,
          auth: authOf(request),
          input: bodyOf('inviteMember', request),
          ip: request.ip,
        });
        reply.code(201);
        return result;
      },
    },
    resendInvitation: {
      handler: async (request) => resendInvitation(byId(request, paramsOf('resendInvitation', request).id)),
    },
    revokeInvitation: {
      handler: async (request) => revokeInvitation(byId(request, paramsOf('revokeInvitation', request).id)),
    },
    lookupInvitation: {
      sensitive: true,
      handler: async (request) => lookupInvitation({ ctx, input: bodyOf('lookupInvitation', request) }),
    },
    acceptInvitation: {
      sensitive: true,
      handler: async (request) => acceptInvitation({ ctx, input: bodyOf('acceptInvitation', request), ip: request.ip }),
    },
  };
}
