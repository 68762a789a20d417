// A local OpenID provider (oidc-provider) on 127.0.0.1 that stands in for the Microsoft identity
// platform when no Microsoft settings exist: its ID tokens carry tid, oid, email and name, so the
// whole "Sign in with Microsoft" flow works offline. Tests drive it with `signInAtLocalProvider`.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Provider from 'oidc-provider';
import type { Configuration } from 'oidc-provider';
import { LOCAL_TENANT_ID, type LocalAccount, localAccounts } from '../demo/local-accounts.js';
import { localOidcAdapter } from './local-oidc-adapter.js';

export { LOCAL_TENANT_ID, type LocalAccount, localAccounts };

export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: LocalAccount[];
  close(): Promise<void>;
}

/**
 * oidc-provider, imported without its Node version notice: on import it warns "Unsupported runtime.
 * Use Node.js v22.x LTS" on any Node before 22, which is its own support policy, not a defect Vigil
 * hits: this local stand-in runs on Node 20.19 (the version the README asks for) in every start and
 * test. Only that line is dropped, only during the import; any other output of the library passes.
 */
async function importProvider(): Promise<typeof Provider> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime.')) return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function loginPage(uid: string, hint: string | undefined): string {
  const buttons = localAccounts
    .map(
      (a) =>
        `<form method="post" action="/interaction/${escapeHtml(uid)}/login"><input type="hidden" name="account" value="${a.id}"><button type="submit"${a.email === hint ? ' autofocus' : ''}><strong>${escapeHtml(a.name)}</strong> · ${escapeHtml(a.email)}<br><small>${escapeHtml(a.description)}</small></button></form>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local Microsoft stand-in</title><style>body{font:15px system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}button{display:block;width:100%;text-align:left;padding:.75rem;margin:.5rem 0;border:1px solid #999;border-radius:6px;background:#fff;cursor:pointer}</style></head><body><h1>Local sign-in (Microsoft stand-in)</h1><p>No Microsoft settings are configured, so this local OpenID provider signs you in with a demo identity.</p>${buttons}</body></html>`;
}

/** Starts the provider on 127.0.0.1 (port 0 = any free port) for the given redirect URIs. */
export async function startLocalOidcProvider(options: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
}): Promise<LocalOidcProvider> {
  const clientId = options.clientId ?? 'vigil-local';
  const clientSecret = randomBytes(24).toString('base64url');
  let provider: Provider | undefined;
  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      res.statusCode = 500;
      res.end(error instanceof Error ? error.message : 'error');
    });
  });

  async function handle(req: IncomingMessage, res: import('node:http').ServerResponse): Promise<void> {
    if (!provider) throw new Error('provider not ready');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
    if (!match) {
      provider.callback()(req, res);
      return;
    }
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET' && !match[2]) {
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(loginPage(details.uid, hint));
      return;
    }
    const form = await readForm(req);
    const account = localAccounts.find((a) => a.id === form.get('account'));
    if (!account) {
      res.statusCode = 400;
      res.end('unknown account');
      return;
    }
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: account.id } },
      { mergeWithLastSubmission: false },
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const configuration: Configuration = {
    adapter: localOidcAdapter(),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'tid', 'oid'],
    },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = localAccounts.find((a) => a.id === id);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.oid,
          oid: account.oid,
          tid: LOCAL_TENANT_ID,
          email: account.email,
          email_verified: true,
          preferred_username: account.email,
          name: account.name,
        }),
      };
    },
    // Consent is implied for the one local client: every sign-in gets the OIDC scopes.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  };
  const OidcProvider = await importProvider();
  provider = new OidcProvider(issuer, configuration);
  return {
    issuer,
    clientId,
    clientSecret,
    accounts: localAccounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tiny cookie jar for one host. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index > 0) this.cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Plays the browser at the local provider: follows the authorization URL, picks the account and
 * returns the redirect back to the app's callback (with code and state), without calling it.
 */
export async function signInAtLocalProvider(authorizationUrl: string, accountId: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let hop = 0; hop < 10; hop += 1) {
    const interaction = /^\/interaction\/([\w-]+)$/.exec(url.pathname);
    const response = interaction
      ? await fetch(new URL(`${url.pathname}/login`, origin), {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ account: accountId }).toString(),
        })
      : await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(response);
    const location = response.headers.get('location');
    await response.arrayBuffer();
    if (!location) throw new Error(`local provider answered ${response.status} without a redirect`);
    url = new URL(location, origin);
    if (url.origin !== origin) return url;
  }
  throw new Error('too many redirects at the local provider');
}
