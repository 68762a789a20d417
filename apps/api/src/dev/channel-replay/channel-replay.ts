// Local replay servers speaking the real APIs of the alert channels (ADR 0050), for tests and the
// demo: Splunk's HTTP Event Collector, Elasticsearch's _bulk, Jira Cloud's issue API. Each records
// what it received and answers as the real service does, its error bodies included:
// - Splunk HEC: `{"text":"Success","code":0}`; 401 `Token is required` (2) / `Invalid authorization`
//   (3), 403 `Invalid token` (4), 400 `Invalid data format` (6), 503 `Server is busy` (9) (Splunk's
//   HEC status codes, as fluent-bit's in_splunk reproduces them: github.com/fluent/fluent-bit/pull/12043).
// - Elasticsearch _bulk: 200 with `errors` and one item per action, `create` of an existing _id
//   answered 409 version_conflict_engine_exception (Elasticsearch reference, "Bulk API", response body).
// - Jira: 201 `{"id","key","self"}`, 400 `{"errorMessages":[],"errors":{"summary":…}}` (Jira Cloud
//   REST v3, "Create issue").
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Replay {
  url: string;
  received: Recorded[];
  /** Answers to give next instead of the real behaviour: status and body. */
  scripted: { status: number; body: unknown }[];
  close(): Promise<void>;
}

async function serve(handle: (request: Recorded, response: ServerResponse) => void) {
  const received: Recorded[] = [];
  const scripted: { status: number; body: unknown }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(recorded);
      const next = scripted.shift();
      if (next) return json(response, next.status, next.body);
      handle(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const replay: Replay = {
    url: `http://127.0.0.1:${port}`,
    received,
    scripted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return replay;
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.statusCode = status;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(body));
}

/** Splunk's HEC with one valid token. */
export function startSplunkHec(token: string) {
  return serve((request, response) => {
    if (request.method !== 'POST' || request.url !== '/services/collector/event')
      return json(response, 404, { text: 'The requested URL was not found on this server.', code: 404 });
    const auth = String(request.headers.authorization ?? '');
    if (!auth) return json(response, 401, { text: 'Token is required', code: 2 });
    if (!auth.startsWith('Splunk ')) return json(response, 401, { text: 'Invalid authorization', code: 3 });
    if (auth.slice('Splunk '.length) !== token) return json(response, 403, { text: 'Invalid token', code: 4 });
    let event: unknown;
    try {
      event = JSON.parse(request.body);
    } catch {
      return json(response, 400, { text: 'Invalid data format', code: 6, 'invalid-event-number': 0 });
    }
    if (typeof event !== 'object' || event === null || !('event' in event))
      return json(response, 400, { text: 'Event field is required', code: 12, 'invalid-event-number': 0 });
    json(response, 200, { text: 'Success', code: 0 });
  });
}

/** Elasticsearch's _bulk with one API key: documents by index and _id; `create` of an existing one is a 409 item. */
export async function startElastic(apiKey: string) {
  const documents = new Map<string, unknown>();
  /** Item failures to give the next bulk's items (status, type, reason). */
  const itemFailures: { status: number; type: string; reason: string }[] = [];
  const replay = await serve((request, response) => {
    if (request.method !== 'POST' || request.url !== '/_bulk')
      return json(response, 404, { error: { type: 'resource_not_found_exception' }, status: 404 });
    if (request.headers.authorization !== `ApiKey ${apiKey}`)
      return json(response, 401, {
        error: { type: 'security_exception', reason: 'unable to authenticate with provided credentials' },
        status: 401,
      });
    const lines = request.body.split('\n');
    if (lines.at(-1) !== '')
      return json(response, 400, {
        error: { type: 'illegal_argument_exception', reason: 'The bulk request must be terminated by a newline [\\n]' },
        status: 400,
      });
    const items: unknown[] = [];
    let errors = false;
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const action = JSON.parse(lines[i] ?? '{}') as { create?: { _index: string; _id: string } };
      const meta = action.create;
      if (!meta) throw new Error(`Only create actions are replayed: ${lines[i]}`);
      const key = `${meta._index}/${meta._id}`;
      const failure = itemFailures.shift();
      if (failure) {
        errors = true;
        items.push({
          create: {
            _index: meta._index,
            _id: meta._id,
            status: failure.status,
            error: { type: failure.type, reason: failure.reason },
          },
        });
      } else if (documents.has(key)) {
        errors = true;
        items.push({
          create: {
            _index: meta._index,
            _id: meta._id,
            status: 409,
            error: {
              type: 'version_conflict_engine_exception',
              reason: `[${meta._id}]: version conflict, document already exists (current version [1])`,
            },
          },
        });
      } else {
        documents.set(key, JSON.parse(lines[i + 1] ?? '{}'));
        items.push({
          create: {
            _index: meta._index,
            _id: meta._id,
            _version: 1,
            result: 'created',
            status: 201,
            _seq_no: documents.size - 1,
            _primary_term: 1,
          },
        });
      }
    }
    json(response, 200, { took: 3, errors, items });
  });
  return { ...replay, documents, itemFailures };
}

/** Jira Cloud's issue API for one account and one project; issues numbered from 10000 / <KEY>-1. */
export async function startJira(account: { email: string; token: string }, projectKey: string) {
  const issues: { id: string; key: string; fields: Record<string, unknown> }[] = [];
  const replay = await serve((request, response) => {
    if (request.method !== 'POST' || request.url !== '/rest/api/3/issue')
      return json(response, 404, { errorMessages: ['Not found'], errors: {} });
    const expected = `Basic ${Buffer.from(`${account.email}:${account.token}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return json(response, 401, {
        errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
        errors: {},
      });
    const { fields } = JSON.parse(request.body) as { fields: Record<string, unknown> };
    const project = fields.project as { key?: string } | undefined;
    if (project?.key !== projectKey)
      return json(response, 400, { errorMessages: [], errors: { project: 'valid project is required' } });
    if (typeof fields.summary !== 'string' || fields.summary.trim() === '')
      return json(response, 400, {
        errorMessages: [],
        errors: { summary: 'You must specify a summary of the issue.' },
      });
    const id = String(10000 + issues.length);
    const key = `${projectKey}-${issues.length + 1}`;
    issues.push({ id, key, fields });
    json(response, 201, { id, key, self: `${replay.url}/rest/api/3/issue/${id}` });
  });
  return { ...replay, issues };
}
