// The one way the adapters reach a provider: a timeout, a cap on the answer's size, the provider's
// window taken first (search requests), a 5xx or an unreachable provider tried twice more with a
// back-off, a 429 (or GitHub's secondary-limit 403) turned into ProviderThrottled with the time from
// Retry-After or x-ratelimit-reset (and the provider blocked until then for every process), and
// every request, throttle and failure counted for the company. Errors never carry the URL (it may
// hold a key) nor a configured secret.
import type { AppContext } from '../../app-context.js';
import { type ProviderCall, ProviderFailed, type ProviderId, ProviderThrottled } from './provider.types.js';
import { blockProvider, countRunRequest, countUsage, type ProviderLimit, takeSlot } from './provider-usage.js';

/** Bytes of one answer at most (a GitHub file is at most 1 MB, base64 in JSON). */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const RETRIES = 2;
const DEFAULT_WAIT_MS = 60_000;
const MAX_WAIT_MS = 24 * 60 * 60_000;

export interface ProviderRequest {
  url: string;
  headers?: Record<string, string>;
  call: ProviderCall;
  /** Counted in the provider's window (its quota: searches, not file reads). */
  limit?: ProviderLimit;
  /** Statuses the adapter reads itself (e.g. 404: no such record) instead of a failure. */
  accept?: number[];
}

export interface ProviderAnswer {
  status: number;
  text: string;
}

type HttpContext = Pick<AppContext, 'db' | 'clock' | 'config'>;

/** When to come back: Retry-After (seconds or an HTTP date), else x-ratelimit-reset (epoch seconds). */
export function retryAtOf(headers: Headers, now: Date): Date {
  const after = headers.get('retry-after');
  const reset = headers.get('x-ratelimit-reset');
  let at: number | undefined;
  if (after && /^\d+$/.test(after.trim())) at = now.getTime() + Number(after.trim()) * 1000;
  else if (after && !Number.isNaN(Date.parse(after))) at = Date.parse(after);
  else if (reset && /^\d+$/.test(reset.trim())) at = Number(reset.trim()) * 1000;
  const wait = Math.min(MAX_WAIT_MS, Math.max(1000, (at ?? now.getTime() + DEFAULT_WAIT_MS) - now.getTime()));
  return new Date(now.getTime() + wait);
}

/** GitHub answers its secondary rate limit with a 403 (and its primary one with remaining 0). */
function throttledAnswer(status: number, headers: Headers, text: string): boolean {
  if (status === 429) return true;
  return status === 403 && (headers.get('x-ratelimit-remaining') === '0' || /rate limit/i.test(text));
}

async function readCapped(response: Response, provider: ProviderId): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) throw new ProviderFailed(provider, `answered more than ${MAX_ANSWER_BYTES} bytes.`);
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_ANSWER_BYTES) throw new ProviderFailed(provider, `answered more than ${MAX_ANSWER_BYTES} bytes.`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The provider's own words about a refused request (its JSON error message), without secrets. */
function reasonOf(text: string, secrets: string[]): string {
  let message = '';
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const found = typeof body.error === 'object' ? body.error?.message : (body.error ?? body.message ?? body.detail);
    message = typeof found === 'string' ? found : '';
  } catch {
    message = '';
  }
  return scrub(message.slice(0, 200), secrets);
}

export function scrub(text: string, secrets: string[]): string {
  return secrets.filter((s) => s.length > 0).reduce((out, s) => out.split(s).join('[redacted]'), text);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class ProviderHttp {
  constructor(
    private readonly ctx: HttpContext,
    readonly provider: ProviderId,
    private readonly secrets: string[],
  ) {}

  /** GETs the URL; throws ProviderThrottled or ProviderFailed; other statuses only when accepted. */
  async get(request: ProviderRequest): Promise<ProviderAnswer> {
    try {
      return await this.attempts(request);
    } catch (error) {
      const now = this.ctx.clock.now();
      if (error instanceof ProviderThrottled) {
        await countUsage(this.ctx.db, request.call.companyId, this.provider, now, { throttled: 1 });
      } else if (error instanceof ProviderFailed) {
        await countUsage(this.ctx.db, request.call.companyId, this.provider, now, { failures: 1 });
      }
      throw error;
    }
  }

  /** Reads a JSON answer (null for an accepted 4xx): a page that is not JSON is a clear failure. */
  async json(request: ProviderRequest): Promise<{ status: number; body: unknown }> {
    const answer = await this.get(request);
    if (answer.status >= 400) return { status: answer.status, body: null };
    return { status: answer.status, body: await this.parse(request.call, answer.text) };
  }

  async parse(call: ProviderCall, text: string): Promise<unknown> {
    try {
      return JSON.parse(text);
    } catch {
      return this.fail(call, 'answered a malformed page (not JSON).');
    }
  }

  /** A page in an unexpected shape. */
  malformed(call: ProviderCall, what: string): Promise<never> {
    return this.fail(call, `answered a page in an unexpected shape (${what}).`);
  }

  /** Fails the request, counted as a failure for the company. */
  async fail(call: ProviderCall, message: string): Promise<never> {
    await countUsage(this.ctx.db, call.companyId, this.provider, this.ctx.clock.now(), { failures: 1 });
    throw new ProviderFailed(this.provider, message);
  }

  /** Counts the results an answer brought. */
  async results(call: ProviderCall, count: number): Promise<void> {
    if (count > 0)
      await countUsage(this.ctx.db, call.companyId, this.provider, this.ctx.clock.now(), { results: count });
  }

  private async attempts(request: ProviderRequest): Promise<ProviderAnswer> {
    const { config } = this.ctx;
    for (let attempt = 0; ; attempt += 1) {
      if (request.limit) await takeSlot(this.ctx.db, this.provider, request.limit, this.ctx.clock.now());
      await countUsage(this.ctx.db, request.call.companyId, this.provider, this.ctx.clock.now(), { requests: 1 });
      if (request.call.runId !== null) await countRunRequest(this.ctx.db, request.call.runId);
      const outcome = await this.once(request, config.providers.timeoutMs);
      if (typeof outcome !== 'string') return outcome;
      if (attempt >= RETRIES) throw new ProviderFailed(this.provider, `${outcome} (tried ${RETRIES + 1} times).`);
      await pause(config.providers.retryBaseMs * 2 ** attempt);
    }
  }

  /** One request: the answer, or why it is worth another try. */
  private async once(request: ProviderRequest, timeoutMs: number): Promise<ProviderAnswer | string> {
    const signals = [AbortSignal.timeout(timeoutMs), ...(request.call.signal ? [request.call.signal] : [])];
    let response: Response;
    try {
      response = await fetch(request.url, {
        headers: { 'user-agent': 'Vigil', ...request.headers },
        signal: AbortSignal.any(signals),
        redirect: 'error',
      });
    } catch (error) {
      if (request.call.signal?.aborted) throw error;
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return timedOut ? `did not answer within ${Math.round(timeoutMs / 1000)} s` : 'could not be reached';
    }
    const text = await readCapped(response, this.provider);
    if (throttledAnswer(response.status, response.headers, text)) {
      const now = this.ctx.clock.now();
      const retryAt = retryAtOf(response.headers, now);
      await blockProvider(this.ctx.db, this.provider, retryAt, now);
      throw new ProviderThrottled(this.provider, retryAt);
    }
    if (response.status >= 500) return `answered ${response.status}`;
    if (response.status >= 400 && !request.accept?.includes(response.status)) {
      const reason = reasonOf(text, this.secrets);
      throw new ProviderFailed(
        this.provider,
        `refused the request (${response.status}${reason ? `: ${reason}` : ''}).`,
      );
    }
    return { status: response.status, text };
  }
}
