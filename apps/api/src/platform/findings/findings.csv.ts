// CSV export streamed in keyset batches: the filtered set is never held in memory, and each batch
// is its own short query (PGlite has one connection; no cursor stays open between writes).
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { authOf, type FileRouteDefinition } from '../../route-table.js';

/** One RFC 4180 line; cells that a spreadsheet would run as a formula are prefixed with '. */
export function csvLine(values: readonly unknown[]): string {
  return `${values
    .map((value) => {
      if (value === null || value === undefined) return '';
      let text = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join('; ') : String(value);
      if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(',')}\r\n`;
}

export const EXPORT_BATCH = 1000;

/**
 * A stream of the header and every row: `fetchAfter(lastId)` returns the next batch ordered by id
 * (at most EXPORT_BATCH rows); the stream ends on a short batch.
 */
export function csvStream<T extends { id: number }>(
  header: readonly string[],
  fetchAfter: (lastId: number) => Promise<T[]>,
  toCells: (row: T) => unknown[],
): Readable {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    let last = 0;
    for (;;) {
      const rows = await fetchAfter(last);
      if (rows.length > 0) yield rows.map((row) => csvLine(toCells(row))).join('');
      const tail = rows.at(-1);
      if (!tail || rows.length < EXPORT_BATCH) return;
      last = tail.id;
    }
  }
  return Readable.from(lines());
}

export function csvFileName(prefix: string, now: Date): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The route of a CSV export: the stream a verb opens for the request, sent as a dated attachment. */
export function csvRoute(
  ctx: AppContext,
  prefix: string,
  open: (request: FastifyRequest, auth: AuthContext) => Readable,
): FileRouteDefinition {
  return {
    handler: async (request, reply) => {
      const stream = open(request, authOf(request));
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(prefix, ctx.clock.now())}"`);
      return reply.send(stream);
    },
  };
}
