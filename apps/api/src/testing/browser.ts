// An inject()-based browser: keeps cookies between calls (expiring them like a browser does) and
// sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on state-changing calls, like the real client.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export interface CallOptions {
  headers?: Record<string, string>;
  body?: unknown;
  token?: string;
  /** Leave out the anti-forgery header. */
  noCsrf?: boolean;
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();

  /** The client address the server sees (default 127.0.0.1, as inject() gives). */
  constructor(
    private readonly app: FastifyInstance,
    private readonly ip?: string,
  ) {}

  private remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async call(method: InjectOptions['method'], url: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (!options.noCsrf && xsrf && method !== 'GET') headers['x-xsrf-token'] = xsrf;
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await this.app.inject({
      method,
      url,
      headers,
      ...(this.ip ? { remoteAddress: this.ip } : {}),
      ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
    });
    this.remember(response);
    return response;
  }

  get(url: string, options?: CallOptions) {
    return this.call('GET', url, options);
  }

  post(url: string, body?: unknown, options: CallOptions = {}) {
    return this.call('POST', url, { ...options, body: body ?? options.body });
  }

  /** Gets the XSRF-TOKEN cookie first, as the web app's first page load would. */
  static async open(app: FastifyInstance, options: { ip?: string } = {}): Promise<TestBrowser> {
    const browser = new TestBrowser(app, options.ip);
    await browser.get('/api/csrf-cookie');
    return browser;
  }
}
