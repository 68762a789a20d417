import { queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';
import { applySignInCookies, signInStatus } from '../session/sign-in-cookies.js';
import { completeMicrosoftSignIn, retrieveMicrosoftToken, startMicrosoft } from './microsoft.service.js';

export function microsoftRoutes({ ctx, oidc, cookies }: RouteDeps): RouteTable {
  return {
    startMicrosoftSignUp: {
      handler: async (request) => {
        const query = queryOf('startMicrosoftSignUp', request);
        return startMicrosoft({
          ctx,
          client: oidc,
          input: { intent: 'register', loginHint: query.login_hint, name: query.name, position: query.position },
        });
      },
    },
    startMicrosoftSignIn: {
      handler: async () => startMicrosoft({ ctx, client: oidc, input: { intent: 'login' } }),
    },
    completeMicrosoftSignIn: {
      handler: async (request, reply) => {
        const query = queryOf('completeMicrosoftSignIn', request);
        const { location } = await completeMicrosoftSignIn({
          ctx,
          client: oidc,
          input: {
            state: query.state,
            code: query.code,
            error: query.error,
            errorDescription: query.error_description,
            callbackUrl: new URL(request.url, ctx.publicUrl),
          },
          ip: request.ip,
        });
        const accept = request.headers.accept ?? '';
        if (accept.includes('application/json') && !accept.includes('text/html')) return { location };
        return reply.redirect(location, 302);
      },
    },
    retrieveMicrosoftToken: {
      handler: async (request, reply) => {
        const query = queryOf('retrieveMicrosoftToken', request);
        const result = await retrieveMicrosoftToken({
          ctx,
          input: { redirectKey: query.redirect_key, tempToken: query.temp_token },
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        void ctx.mail.flush();
        reply.code(signInStatus(result, 200));
        return applySignInCookies(reply, result, cookies);
      },
    },
  };
}
