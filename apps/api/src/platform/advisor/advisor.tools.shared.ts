// What the advisor's tools share: arguments checked by a zod schema (whose JSON Schema is what the
// model and MCP clients are offered), the finding allow-list, and the web paths records open at.
import { z } from 'zod';
import { moduleRegistry } from '../../modules.js';
import { findingStatuses, severities } from '../findings/findings.table.js';
import { findingPath } from '../monitoring/finding-path.js';
import type { FindingItem, FindingLink, FindingStatus, Severity } from './advisor.tools.js';
import { supplierOf } from './advisor.tools.modules.js';
import {
  type AdvisorRecord,
  type AdvisorTool,
  type ApiCaller,
  type ToolContext,
  ToolError,
  type ToolName,
  type ToolOutput,
} from './advisor.types.js';

export const severityEnum = z.enum(severities);
export const statusEnum = z.enum(findingStatuses);
/** A record id as the API takes it. */
export const recordId = z.number().int().min(1).max(2_147_483_647);
/** Text typed by the model or a client: no NUL, bounded. */
export const text = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL');
/** A date-time the API takes (ISO 8601 with an offset, e.g. 2026-11-01T00:00:00Z). */
export const dateTime = z
  .string()
  .max(40)
  .refine((value) => /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value)), {
    message: 'must be an ISO 8601 date-time such as 2026-11-01T00:00:00Z',
  })
  .meta({ format: 'date-time' });

/** A tool from its zod schema: `parameters` is that schema as JSON Schema, `parse` refuses anything else. */
export function defineTool<S extends z.ZodType, D>(definition: {
  name: ToolName;
  description: string;
  schema: S;
  run(args: z.output<S>, ctx: ToolContext): Promise<ToolOutput<D>>;
}): AdvisorTool<z.output<S>, D> {
  const { $schema: _ignored, ...parameters } = z.toJSONSchema(definition.schema, { io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    name: definition.name,
    description: definition.description,
    parameters,
    parse(input: unknown) {
      const result = definition.schema.safeParse(input ?? {});
      if (result.success) return result.data;
      const reasons = result.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`);
      throw new ToolError(`Invalid arguments for ${definition.name}: ${reasons.join('; ')}`, 422);
    },
    run: definition.run,
  };
}

/** The row fields of a finding every list and detail of the API carries. */
export interface FindingRow {
  id: number;
  module: string;
  title: string;
  severity: Severity;
  status: FindingStatus;
  due_at?: string | null;
  first_seen_at: string;
  last_seen_at: string;
}

export const findingRef = (id: number) => `F${id}`;

/** Where a finding opens: the screens' own rule (findingPath), given what decides it. */
export function pathOfFinding(row: { id: number; module: string }, fingerprint = '', supplierId: number | null = null) {
  return findingPath(moduleRegistry.modules, row.module, { id: row.id, fingerprint, supplier_id: supplierId });
}

/** Modules whose screen or query depends on the finding's fingerprint or supplier (a device, a clone, a supplier's asset). */
function pathNeedsDetail(module: string): boolean {
  const m = moduleRegistry.modules.find((candidate) => candidate.id === module);
  return Boolean(m?.findingQuery || m?.findingScreen);
}

/** The web path of one finding, reading its fingerprint (and an asset's supplier) when the screen depends on it. */
export async function resolvePath(api: ApiCaller, row: { id: number; module: string }): Promise<string> {
  if (!pathNeedsDetail(row.module)) return pathOfFinding(row);
  const { data } = await api.get('/findings/{id}', { path: { id: row.id } });
  return pathOfFinding(row, data.fingerprint, await supplierOf(api, row));
}

export function findingItem(row: FindingRow, path: string): FindingItem {
  return {
    ref: findingRef(row.id),
    id: row.id,
    module: row.module,
    title: row.title,
    severity: row.severity,
    status: row.status,
    due_at: row.due_at ?? null,
    first_seen_at: row.first_seen_at,
    last_seen_at: row.last_seen_at,
    path,
  };
}

/** Findings of an API list with their paths (details read only where the screen depends on them). */
export async function findingItems(api: ApiCaller, rows: readonly FindingRow[]): Promise<FindingItem[]> {
  return Promise.all(rows.map(async (row) => findingItem(row, await resolvePath(api, row))));
}

export function findingRecord(item: FindingItem | (FindingLink & { severity?: string | null })): AdvisorRecord {
  return {
    ref: item.ref,
    kind: 'finding',
    title: item.title,
    path: item.path,
    severity: 'severity' in item ? (item.severity ?? null) : null,
  };
}

/** A 404 of the API as the tool's own "not found" (never another company's record). */
export async function orNotFound<T>(load: Promise<T>, what: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ToolError && error.status === 404) throw new ToolError(`${what} not found.`, 404);
    throw error;
  }
}
