import type { Page, Request, Route } from '@playwright/test';
import type { ServerReply } from '@vigil/auth-machine';

/**
 * The server conditions of the generated suite. Each operation of the auth machine's API port maps
 * to its /api route; a path's modelled answers (`condition.given.reply`) are queued per operation
 * and served by request interception (`page.route`), each HELD until the replay releases it, so
 * the busy state before the answer is checked on the page too. Calls the path does not script get
 * the model's happy answer; /api/csrf-cookie and every static file come from the real server.
 */
type Operation = ServerReply['operation'];

export const operations: Record<Operation, { method: string; path: RegExp }> = {
  register: { method: 'POST', path: /^\/api\/register$/ },
  login: { method: 'POST', path: /^\/api\/login$/ },
  verifyTwoFactor: { method: 'POST', path: /^\/api\/verify-two-factor$/ },
  resendTwoFactor: { method: 'POST', path: /^\/api\/resend-two-factor$/ },
  resendVerificationEmail: { method: 'POST', path: /^\/api\/resend-verification-email$/ },
  verifyEmail: { method: 'GET', path: /^\/api\/verify-email\/[^/]+$/ },
  confirmRegistration: { method: 'GET', path: /^\/api\/confirm-registration\/[^/]+\/[^/]+$/ },
  acceptTerms: { method: 'POST', path: /^\/api\/terms-accepted$/ },
  requestPasswordReset: { method: 'POST', path: /^\/api\/password\/reset-request$/ },
  resetPassword: { method: 'POST', path: /^\/api\/password\/reset$/ },
  listClients: { method: 'GET', path: /^\/api\/get-clients$/ },
  switchClient: { method: 'POST', path: /^\/api\/get-clients$/ },
  switchLanguage: { method: 'POST', path: /^\/api\/switch-language$/ },
  checkUser: { method: 'POST', path: /^\/api\/check-user$/ },
  logout: { method: 'POST', path: /^\/api\/logout$/ },
  startMicrosoftSignUp: { method: 'GET', path: /^\/api\/auth\/microsoft\/register$/ },
  startMicrosoftSignIn: { method: 'GET', path: /^\/api\/auth\/microsoft\/login$/ },
  retrieveMicrosoftToken: { method: 'GET', path: /^\/api\/auth\/microsoft\/login\/retrieveToken$/ },
};

/** The model's user as the server sends it, and two companies so a switch has somewhere to go. */
const serverUser = {
  id: 7,
  name: 'Ana Lima',
  email: 'ana@acme.test',
  position: 'Analyst',
  idCliente: 4,
  active: true,
  picture: null,
  language: 'en',
};
const happy: Record<Operation, { status: number; body: unknown }> = {
  register: { status: 200, body: { message: 'Registered. Check your e-mail.' } },
  login: { status: 200, body: { access_token: 'tok-1', token_type: 'Bearer', expires_in: 43200, user: serverUser } },
  verifyTwoFactor: { status: 200, body: { access_token: 'tok-1', user: serverUser } },
  resendTwoFactor: { status: 200, body: { message: 'A new code was sent.' } },
  resendVerificationEmail: { status: 200, body: { message: 'Verification e-mail sent.' } },
  verifyEmail: { status: 200, body: { message: 'E-mail verified.' } },
  confirmRegistration: { status: 200, body: { message: 'Registration confirmed.' } },
  acceptTerms: { status: 200, body: { message: 'Terms accepted. Please sign in.' } },
  requestPasswordReset: { status: 200, body: { message: 'Reset link sent.' } },
  resetPassword: { status: 200, body: { message: 'Password reset.' } },
  listClients: {
    status: 200,
    body: {
      data: [
        { idCliente: 4, name: 'Acme' },
        { idCliente: 9, name: 'Globex' },
      ],
    },
  },
  switchClient: { status: 200, body: { data: { idCliente: 9 } } },
  switchLanguage: { status: 200, body: { status: 'success', message: 'ok' } },
  checkUser: { status: 200, body: { status: 'active' } },
  logout: { status: 200, body: { message: 'Bye.' } },
  startMicrosoftSignUp: { status: 500, body: { message: 'Not scripted.' } },
  startMicrosoftSignIn: { status: 500, body: { message: 'Not scripted.' } },
  retrieveMicrosoftToken: { status: 400, body: { message: 'Not scripted.' } },
};

interface Scripted {
  reply: ServerReply;
  /** Resolves when the app made the call. */
  arrived: Promise<Request>;
  markArrived: (request: Request) => void;
  /** Lets the held answer go. */
  release: () => void;
  released: Promise<void>;
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export class FakeApi {
  private readonly queues = new Map<Operation, Scripted[]>();
  /** Every /api call the page made, in order (`POST /api/login`). */
  readonly calls: string[] = [];

  private dataFailure: { status: number; body: unknown; done: () => void } | null = null;

  /** The next call that is not the auth machine's (a screen's data) answers `status`; resolves once it did. */
  failNextDataCall(status: number, body: unknown): Promise<void> {
    return new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error('the page made no screen data call within 5 s')), 5_000);
      this.dataFailure = {
        status,
        body,
        done: () => {
          clearTimeout(timer);
          done();
        },
      };
    });
  }

  /** Queues a modelled answer; the returned handle waits for the call and releases the answer. */
  script(reply: ServerReply): Scripted {
    const arrival = deferred<Request>();
    const release = deferred<void>();
    const scripted: Scripted = {
      reply,
      arrived: arrival.promise,
      markArrived: arrival.resolve,
      release: () => release.resolve(),
      released: release.promise,
    };
    const queue = this.queues.get(reply.operation) ?? [];
    queue.push(scripted);
    this.queues.set(reply.operation, queue);
    return scripted;
  }

  /** Installs the interception on the page (before its first navigation). */
  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/csrf-cookie',
      (route) => this.handle(route),
    );
  }

  private async handle(route: Route): Promise<void> {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    this.calls.push(`${request.method()} ${path}`);
    const operation = (Object.keys(operations) as Operation[]).find(
      (op) => operations[op].method === request.method() && operations[op].path.test(path),
    );
    if (!operation && this.dataFailure) {
      const failure = this.dataFailure;
      this.dataFailure = null;
      await route.fulfill({ status: failure.status, json: failure.body });
      failure.done();
      return;
    }
    if (!operation) {
      // Monitoring screens' data: not the auth machine's business; a neutral failure, never a 401.
      await route.fulfill({ status: 503, json: { message: 'Not available in the auth path suite.' } });
      return;
    }
    const scripted = this.queues.get(operation)?.shift();
    if (!scripted) {
      await route.fulfill({ status: happy[operation].status, json: happy[operation].body });
      return;
    }
    scripted.markArrived(request);
    await scripted.released;
    await route
      .fulfill({ status: scripted.reply.status, json: scripted.reply.body ?? {} })
      .catch(() => undefined /* the page went away meanwhile */);
  }
}
