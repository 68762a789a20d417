// HTTP for the catalogue feeds: a timeout and a size cap on every response, the feeds' published
// rate limits (NVD: 5 requests per rolling 30 s without an API key, 50 with one), and back-off on
// 403/429/503 (what NVD answers when it is busy or its limit is passed). Failures read as a person
// would want them ("Could not reach the NVD API at …: connect ECONNREFUSED"), never with the key.
import type { Clock } from '../../../shared/clock.js';

export const FEED_TIMEOUT_MS = 60_000;
/** Larger than any page or file the feeds publish (an NVD page of 2,000 CVEs is ~10 MB). */
export const FEED_MAX_BYTES = 256 * 1024 * 1024;
const RETRIED = new Set([403, 429, 500, 502, 503, 504]);
export const FEED_RETRIES = 3;

export class FeedError extends Error {}

/** At most `limit` requests in any `windowMs`: waits (on the clock) for the oldest to leave the window. */
export class RateLimiter {
  readonly #sent: number[] = [];
  constructor(
    private readonly clock: Clock,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  async take(): Promise<void> {
    const now = this.clock.now().getTime();
    while (this.#sent.length > 0 && (this.#sent[0] ?? 0) <= now - this.windowMs) this.#sent.shift();
    if (this.#sent.length >= this.limit) {
      await this.clock.sleep((this.#sent[0] ?? now) + this.windowMs - now);
      return this.take();
    }
    this.#sent.push(now);
  }
}

export interface FeedRequest {
  /** Says which feed, in messages: "the NVD API". */
  feed: string;
  url: URL;
  headers?: Record<string, string>;
  clock: Clock;
  limiter?: RateLimiter;
  signal?: AbortSignal;
}

/** The URL as messages show it: no query values that could be secrets. */
function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** GETs a feed URL: the response body as bytes, after at most FEED_RETRIES back-offs. */
export async function fetchFeed(request: FeedRequest): Promise<Buffer> {
  for (let attempt = 1; ; attempt += 1) {
    await request.limiter?.take();
    let response: Response;
    try {
      response = await fetch(request.url, {
        headers: request.headers ?? {},
        signal: AbortSignal.any([AbortSignal.timeout(FEED_TIMEOUT_MS), ...(request.signal ? [request.signal] : [])]),
      });
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      throw new FeedError(`Could not reach ${request.feed} at ${shown(request.url)}: ${cause}`);
    }
    if (response.ok) return readCapped(response, request);
    await response.body?.cancel();
    if (!RETRIED.has(response.status) || attempt > FEED_RETRIES) {
      throw new FeedError(
        `${request.feed} answered ${response.status} at ${shown(request.url)}${attempt > 1 ? ` after ${attempt} tries` : ''}.`,
      );
    }
    // 30 s, 60 s, 120 s: NVD asks clients to wait before trying again.
    await request.clock.sleep(30_000 * 2 ** (attempt - 1));
  }
}

async function readCapped(response: Response, request: FeedRequest): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > FEED_MAX_BYTES) throw new FeedError(`${request.feed} sent ${declared} bytes, more than the cap.`);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    if (size > FEED_MAX_BYTES) throw new FeedError(`${request.feed} sent more than ${FEED_MAX_BYTES} bytes.`);
    parts.push(Buffer.from(chunk));
  }
  return Buffer.concat(parts, size);
}
