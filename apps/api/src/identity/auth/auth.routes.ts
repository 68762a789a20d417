import { bodyOf, paramsOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { runAfterResponse } from '../../shared/after-response.js';
import { applySignInCookies, readDeviceUserId, readPendingToken, signInStatus } from '../session/sign-in-cookies.js';
import {
  confirmRegistration,
  register,
  requestPasswordReset,
  resendVerificationEmail,
  resetPassword,
  verifyEmail,
} from './accounts.service.js';
import { acceptTerms, resendTwoFactor, signInWithPassword, verifyTwoFactor } from './sign-in.service.js';

export function authRoutes({ ctx, cookies }: RouteDeps): RouteTable {
  const flushMail = () => void ctx.mail.flush();
  return {
    register: {
      sensitive: true,
      handler: async (request, reply) => {
        const { answer, afterResponse } = register({ ctx, input: bodyOf('register', request), ip: request.ip });
        runAfterResponse(ctx, reply, request.log, afterResponse);
        reply.code(201);
        return answer;
      },
    },
    login: {
      sensitive: true,
      handler: async (request, reply) => {
        const result = await signInWithPassword({
          ctx,
          input: { ...bodyOf('login', request), deviceUserId: readDeviceUserId(request) },
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        flushMail();
        reply.code(signInStatus(result));
        return applySignInCookies(reply, result, cookies);
      },
    },
    verifyTwoFactor: {
      sensitive: true,
      handler: async (request, reply) => {
        const body = bodyOf('verifyTwoFactor', request);
        const result = await verifyTwoFactor({
          ctx,
          input: {
            userId: body.user_id,
            code: body.code,
            pendingToken: readPendingToken(request),
            deviceUserId: readDeviceUserId(request),
          },
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        reply.code(signInStatus(result));
        return applySignInCookies(reply, result, cookies);
      },
    },
    resendTwoFactor: {
      sensitive: true,
      handler: async (request) => {
        const body = bodyOf('resendTwoFactor', request);
        const result = await resendTwoFactor({
          ctx,
          input: {
            userId: body.user_id,
            pendingToken: readPendingToken(request),
            deviceUserId: readDeviceUserId(request),
          },
          ip: request.ip,
        });
        flushMail();
        return result;
      },
    },
    resendVerificationEmail: {
      sensitive: true,
      handler: async (request) => {
        const body = bodyOf('resendVerificationEmail', request);
        return resendVerificationEmail({
          ctx,
          input: { userId: body.user_id, pendingToken: readPendingToken(request) },
          ip: request.ip,
        });
      },
    },
    verifyEmail: {
      handler: async (request) => verifyEmail({ ctx, input: paramsOf('verifyEmail', request), ip: request.ip }),
    },
    confirmRegistration: {
      handler: async (request) =>
        confirmRegistration({ ctx, input: paramsOf('confirmRegistration', request), ip: request.ip }),
    },
    acceptTerms: {
      handler: async (request, reply) => {
        const body = bodyOf('acceptTerms', request);
        const result = await acceptTerms({
          ctx,
          input: {
            userId: body.user_id,
            terms: body.terms,
            privacy: body.privacy,
            pendingToken: readPendingToken(request),
          },
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        flushMail();
        reply.code(signInStatus(result, 200));
        return applySignInCookies(reply, result, cookies);
      },
    },
    requestPasswordReset: {
      sensitive: true,
      handler: async (request, reply) => {
        const input = bodyOf('requestPasswordReset', request);
        const { answer, afterResponse } = requestPasswordReset({ ctx, input, ip: request.ip });
        runAfterResponse(ctx, reply, request.log, afterResponse);
        return answer;
      },
    },
    resetPassword: {
      sensitive: true,
      handler: async (request) => resetPassword({ ctx, input: bodyOf('resetPassword', request), ip: request.ip }),
    },
  };
}
