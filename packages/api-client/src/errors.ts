/** The sign-in flags a 403 body may carry (login, Microsoft sign-in, and the steps after them). */
export interface ApiErrorFlags {
  active_validation_required?: boolean;
  two_factor_required?: boolean;
  email_verified_required?: boolean;
  terms_accepted_required?: boolean;
}

const flagNames = [
  'active_validation_required',
  'two_factor_required',
  'email_verified_required',
  'terms_accepted_required',
] as const;

/**
 * Every non-2xx answer of /api, and a failed network call (status 0).
 *
 * @example
 * try { await api.POST('/login', { body }) } catch (e) {
 *   if (e instanceof ApiError && e.status === 422) show(e.validationText())
 * }
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The body's `message`, or the status text when the body has none. */
  readonly serverMessage: string | undefined;
  /** The body's `details`, when present. */
  readonly details: unknown;
  /** The 422 map of field to messages, when present. */
  readonly validation: Record<string, string[]> | undefined;
  /** The sign-in flags the body carries (only those that are present). */
  readonly flags: ApiErrorFlags;
  /** The parsed body (JSON, else text, else undefined). */
  readonly body: unknown;
  /** Seconds from a Retry-After header (429), when present. */
  readonly retryAfter: number | undefined;

  constructor(init: { status: number; body?: unknown; statusText?: string; retryAfter?: number; cause?: unknown }) {
    const body = init.body;
    const record = isRecord(body) ? body : {};
    const serverMessage = typeof record.message === 'string' ? record.message : undefined;
    super(serverMessage ?? (init.statusText || `HTTP ${init.status}`), { cause: init.cause });
    this.status = init.status;
    this.serverMessage = serverMessage;
    this.details = record.details;
    this.validation = readValidation(record.errors);
    this.flags = readFlags(record);
    this.body = body;
    this.retryAfter = init.retryAfter;
  }

  /** The 422 field messages joined with spaces, or undefined when there are none. */
  validationText(): string | undefined {
    const messages = Object.values(this.validation ?? {}).flat();
    return messages.length > 0 ? messages.join(' ') : undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readValidation(errors: unknown): Record<string, string[]> | undefined {
  if (!isRecord(errors)) return undefined;
  const map: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const list = Array.isArray(messages) ? messages : [messages];
    map[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return map;
}

function readFlags(record: Record<string, unknown>): ApiErrorFlags {
  const flags: ApiErrorFlags = {};
  for (const name of flagNames) {
    if (typeof record[name] === 'boolean') flags[name] = record[name];
  }
  return flags;
}

/** Reads a failed Response into an ApiError (the body is read from a clone). */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.clone().text();
  let body: unknown = text === '' ? undefined : text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  const retryHeader = response.headers.get('Retry-After');
  const retryAfter = retryHeader !== null && /^\d+$/.test(retryHeader) ? Number(retryHeader) : undefined;
  return new ApiError({ status: response.status, statusText: response.statusText, body, retryAfter });
}
