// The OpenID Connect client for the Microsoft identity platform (or the local provider offline):
// authorization code flow with PKCE (S256), state and nonce, through openid-client 6.
import * as oidc from 'openid-client';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface StartedAuthorization {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface IdentityClaims {
  tid: string;
  oid: string;
  email: string;
  name: string;
}

export interface OidcClient {
  start(options: { loginHint?: string | undefined }): Promise<StartedAuthorization>;
  redeem(callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims>;
}

function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<oidc.Configuration> | undefined;
  const issuer = new URL(settings.issuer);
  function config(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        // Plain http is allowed only for a provider on the loopback interface (the local provider).
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    async start({ loginHint }) {
      const cfg = await config();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: settings.redirectUri,
        scope: 'openid profile email',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return { url: url.href, state, nonce, codeVerifier };
    },
    async redeem(callbackUrl, checks) {
      const cfg = await config();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      const text = (value: unknown) => (typeof value === 'string' ? value : '');
      const email = text(claims?.email) || text(claims?.preferred_username);
      const result = {
        tid: text(claims?.tid),
        oid: text(claims?.oid),
        email: email.toLowerCase(),
        name: text(claims?.name) || email,
      };
      if (!result.tid || !result.oid || !result.email) {
        throw new Error('The identity provider did not send tid, oid and email.');
      }
      return result;
    },
  };
}
