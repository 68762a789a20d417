// Asking the advisor: POST /advisor/messages answers `text/event-stream` (openapi/paths/advisor.yaml).
// The body is read as it comes (openapi-fetch's `parseAs: 'stream'`) and each event is handed on
// typed; an event of another shape is skipped rather than trusted.
import type { ApiClient } from '@vigil/api-client';
import { answer } from '@/lib/api-query';
import type { AdvisorMessage, AdvisorRecord } from './advisor-api';
import { readSse, type SseMessage } from './sse';

export type AdvisorEvent =
  | { type: 'conversation'; id: number }
  | { type: 'tool'; name: string; arguments: unknown }
  | { type: 'record'; record: AdvisorRecord }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: AdvisorMessage }
  | { type: 'error'; message: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isRecord(value: unknown): value is AdvisorRecord {
  return (
    isObject(value) &&
    typeof value.ref === 'string' &&
    typeof value.kind === 'string' &&
    typeof value.title === 'string' &&
    typeof value.path === 'string'
  );
}

function isMessage(value: unknown): value is AdvisorMessage {
  return (
    isObject(value) &&
    typeof value.id === 'number' &&
    typeof value.content === 'string' &&
    Array.isArray(value.records) &&
    value.records.every(isRecord)
  );
}

/** The typed event of one SSE message, or null when it is not one the contract names. */
export function advisorEventOf({ event, data }: SseMessage): AdvisorEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(body)) return null;
  switch (event) {
    case 'conversation':
      return typeof body.id === 'number' ? { type: event, id: body.id } : null;
    case 'tool':
      return typeof body.name === 'string' ? { type: event, name: body.name, arguments: body.arguments } : null;
    case 'record':
      return isRecord(body.record) ? { type: event, record: body.record } : null;
    case 'delta':
      return typeof body.text === 'string' ? { type: event, text: body.text } : null;
    case 'done':
      return isMessage(body.message) ? { type: event, message: body.message } : null;
    case 'error':
      return typeof body.message === 'string' ? { type: event, message: body.message } : null;
    default:
      return null;
  }
}

export interface AskInput {
  question: string;
  conversationId?: number;
}

/**
 * Asks and calls `onEvent` for each event as it arrives; resolves when the stream ends. A refusal
 * (400, 404, 422, 429…) rejects with the client's ApiError before any event; `signal` stops reading.
 */
export async function askAdvisor(
  api: ApiClient,
  body: AskInput,
  onEvent: (event: AdvisorEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const data = await answer(
    api.POST('/advisor/messages', {
      body,
      parseAs: 'stream',
      headers: { Accept: 'text/event-stream' },
      signal,
    }),
  );
  await readSse(
    data,
    (message) => {
      const event = advisorEventOf(message);
      if (event) onEvent(event);
    },
    signal,
  );
}
