// The cyber advisor's shared shapes (issue 20, ADR 0036). Tools read the current company's records
// through the app's own API operations (as the signed-in user, so with the user's company and role);
// an engine (a model behind an OpenAI-compatible endpoint, or the built-in intent engine) answers a
// question with them; the routes stream its events and store the conversation.
import type { paths } from '@vigil/api-client';
import type { Language } from '../../identity/preferences/preferences.service.js';

/** A record an answer may cite: `[ref]` in the text becomes a link to `path` on the screen. */
export interface AdvisorRecord {
  /** `F12` a finding (any module), `A7` an asset, `S3` a script, `AL5` an alert, `CVE-2026-1234` a CVE, `rating`, `insights`. */
  ref: string;
  kind: 'finding' | 'cve' | 'asset' | 'script' | 'alert' | 'rating' | 'insight' | 'search-hit';
  title: string;
  /** The web route that opens it in the current company (findingPath for a finding). */
  path: string;
  severity?: string | null;
}

/** What a tool answers: `data` goes to the model as JSON (allow-listed fields only: no secret, no
 * clear password, no token), `records` are what the answer may cite. Text that came from a record
 * (a mention's post, a script, a finding's title) is data: the model reads it inside the tool's
 * JSON, and the intent engine quotes it. */
export interface ToolOutput<D = unknown> {
  data: D;
  records: AdvisorRecord[];
}

/** The app's own API, called in-process as the signed-in user (GET only). A non-2xx answer throws
 * ToolError with the status and the server's message. */
export interface ApiCaller {
  get<P extends GetPath>(path: P, params?: GetParams<P>): Promise<GetAnswer<P>>;
}

/** The contract's paths that answer GET (`/findings/{id}`…). */
export type GetPath = { [P in keyof paths]: [paths[P]['get']] extends [undefined] ? never : P }[keyof paths];
type GetOperation<P extends GetPath> = NonNullable<paths[P]['get']>;
/** The path's `{name}` values and its query, as the contract types them. */
export type GetParams<P extends GetPath> = {
  path?: GetOperation<P> extends { parameters: { path: infer V } } ? V : never;
  query?: GetOperation<P> extends { parameters: { query?: infer Q } } ? Q : never;
};
/** What the path's GET answers when it succeeds (200, JSON), as the contract types it. */
export type GetAnswer<P extends GetPath> =
  GetOperation<P> extends {
    responses: { 200: { content: { 'application/json': infer B } } };
  }
    ? B
    : never;

export class ToolError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The error body's `details` (e.g. a missing CVE's catalogue freshness), when it has some. */
    readonly details: unknown = undefined,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

export interface ToolContext {
  api: ApiCaller;
  language: Language;
  now: Date;
}

/** One tool: a name, a description for the model, a JSON schema of its arguments (offered as an
 * OpenAI function and as an MCP tool), a parser that refuses anything else, and its run. */
export interface AdvisorTool<A = Record<string, unknown>, D = unknown> {
  name: ToolName;
  description: string;
  /** JSON Schema (draft 2020-12 subset) of the arguments object. */
  parameters: Record<string, unknown>;
  /** Validates the model's (or an MCP client's) arguments; throws ToolError(…, 422) with a reason. */
  parse(input: unknown): A;
  run(args: A, ctx: ToolContext): Promise<ToolOutput<D>>;
}

/** The tools every engine and the MCP server offer (advisor.tool-list.ts). Read-only: the advisor never
 * changes a record; the user does, on the record's own screen. */
export const TOOL_NAMES = [
  'posture_summary', // {} → rating, open findings by severity and module, top fixes
  'list_findings', // {module?, severity?[], status?[], q?, sort?: 'severity'|'newest', limit?≤20}
  'get_finding', // {id} → the finding, its module details (redacted) and its history
  'cve_exposure', // {cve} → the CVE (scores, KEV, EPSS, summary) and whether the watch list or assets match it
  'what_changed', // {period?: 'week'|'month', from?, to?} → insights of the period against the one before
  'leaked_accounts', // {domain?, clearPasswordOnly?, limit?≤50} → leaked accounts (never a password)
  'store_page', // {page?} → a store page's scripts (status, rule matches) and its alerts
  'search', // {q, kinds?} → the cross-module search, current company only
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** A tool called by an engine (arguments as given), with what it answered or why it failed. */
export interface ToolCallRecord {
  name: string;
  arguments: unknown;
  ok: boolean;
  error?: string;
}

/** The tools of one question: validates, runs, counts against the limit, and reports each call and
 * each record (streamed as `tool` and `record` events). */
export interface ToolBox {
  readonly tools: readonly AdvisorTool[];
  call(name: string, args: unknown): Promise<ToolOutput>;
  readonly calls: readonly ToolCallRecord[];
  /** Every record a tool answered so far, by ref. Only these can be cited. */
  readonly records: ReadonlyMap<string, AdvisorRecord>;
}

export type AdvisorEvent =
  | { type: 'conversation'; id: number }
  | { type: 'tool'; name: string; arguments: unknown }
  | { type: 'record'; record: AdvisorRecord }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: unknown }
  | { type: 'error'; message: string };

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface AnswerInput {
  question: string;
  /** Earlier turns of the conversation, oldest first (answers as stored, citations as `[ref]`). */
  history: readonly ChatTurn[];
  language: Language;
  tools: ToolBox;
  /** Text as it is produced (the intent engine may emit its whole answer at once). */
  onText(delta: string): void;
  /** Aborted when the time limit passes or the client goes away. */
  signal: AbortSignal;
  now: Date;
}

export interface AnswerResult {
  /** The whole answer text (what onText emitted, joined). */
  content: string;
  engine: 'model' | 'intents';
  /** Why the answer stopped short, when it did (a limit, the model's failure). */
  error?: string;
  usage?: { promptTokens: number; completionTokens: number; costUsd: number | null };
}

export interface AdvisorEngine {
  readonly kind: 'model' | 'intents';
  answer(input: AnswerInput): Promise<AnswerResult>;
}

/** Records cited by an answer: each `[ref]` of the text that a tool answered, in order of first
 * citation; a ref no tool answered is not a citation (and is not linked). */
export function citedRecords(content: string, records: ReadonlyMap<string, AdvisorRecord>): AdvisorRecord[] {
  const cited = new Map<string, AdvisorRecord>();
  for (const match of content.matchAll(/\[([A-Za-z0-9._:-]{1,64})\]/g)) {
    const record = records.get(match[1] as string);
    if (record && !cited.has(record.ref)) cited.set(record.ref, record);
  }
  return [...cited.values()];
}
