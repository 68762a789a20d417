import { authOf, bodyOf, paramsOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { getProfile, readPicture, removePicture, setTheme, updateProfile, uploadPicture } from './profile.service.js';
import { changePassword, listSessions, revokeOneSession, revokeOtherSessions } from './security.service.js';

/** A picture's URL carries its version: a new upload is a new URL, so the bytes can be kept a year. */
const PICTURE_CACHE = 'private, max-age=31536000, immutable';

export function accountRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    getProfile: { handler: async (request) => getProfile({ ctx, auth: authOf(request) }) },
    updateProfile: {
      handler: async (request) =>
        updateProfile({ ctx, auth: authOf(request), input: bodyOf('updateProfile', request), ip: request.ip }),
    },
    uploadProfilePicture: {
      handler: async (request) =>
        uploadPicture({
          ctx,
          auth: authOf(request),
          input: { body: request.body, declaredLength: Number(request.headers['content-length']) || undefined },
          ip: request.ip,
        }),
    },
    removeProfilePicture: {
      handler: async (request) => removePicture({ ctx, auth: authOf(request), ip: request.ip }),
    },
    getProfilePicture: {
      handler: async (request, reply) => {
        const picture = await readPicture({
          ctx,
          auth: authOf(request),
          input: paramsOf('getProfilePicture', request),
        });
        return reply
          .header('cache-control', PICTURE_CACHE)
          .header('content-disposition', 'inline')
          .type(picture.contentType)
          .send(picture.bytes);
      },
    },
    setTheme: {
      handler: async (request) =>
        setTheme({ ctx, auth: authOf(request), input: bodyOf('setTheme', request), ip: request.ip }),
    },
    changePassword: {
      sensitive: true,
      handler: async (request) => {
        const result = await changePassword({
          ctx,
          auth: authOf(request),
          input: bodyOf('changePassword', request),
          ip: request.ip,
        });
        void ctx.mail.flush();
        return result;
      },
    },
    listAccountSessions: { handler: async (request) => listSessions({ ctx, auth: authOf(request) }) },
    revokeAccountSession: {
      handler: async (request) =>
        revokeOneSession({
          ctx,
          auth: authOf(request),
          input: paramsOf('revokeAccountSession', request),
          ip: request.ip,
        }),
    },
    revokeOtherSessions: {
      handler: async (request) => revokeOtherSessions({ ctx, auth: authOf(request), ip: request.ip }),
    },
  };
}
