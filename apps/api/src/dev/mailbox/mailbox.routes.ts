// The development mailbox: what the server would have e-mailed, so a new user can read codes and
// links without an SMTP server. Never mounted in production (the api-routes plugin drops it).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { listOutbox } from '../../platform/mail/mail.repository.js';
import { queryOf, type RouteDeps, type RouteTable } from '../../route-table.js';

export function devRoutes({ ctx }: RouteDeps): RouteTable {
  return {
    listDevOutbox: {
      handler: async (request) => {
        const query = queryOf('listDevOutbox', request);
        const rows = await listOutbox(ctx.db, { to: query.to, limit: query.limit ?? 50 });
        return {
          data: rows.map((r) => ({
            id: r.id,
            to: r.recipient,
            subject: r.subject,
            text: r.text_body ?? '(delivered by SMTP; body removed)',
            created_at: r.created_at.toISOString(),
          })),
        };
      },
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

/** `GET /dev/mailbox`: the outbox as a plain HTML page (no script, so the strict CSP holds). */
export function registerDevMailboxPage(app: FastifyInstance, ctx: AppContext): void {
  app.get('/dev/mailbox', async (_request, reply) => {
    const rows = await listOutbox(ctx.db, { limit: 100 });
    const items = rows
      .map(
        (r) =>
          `<article><header><strong>${escapeHtml(r.subject)}</strong><br><small>to ${escapeHtml(r.recipient)} · ${r.created_at.toISOString()}</small></header><pre>${linkify(escapeHtml(r.text_body ?? '(delivered by SMTP; body removed)'))}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Vigil · development mailbox</title><style>body{font:15px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a202c}article{border:1px solid #cbd5e0;border-radius:8px;padding:.75rem 1rem;margin:1rem 0}pre{white-space:pre-wrap;font:14px/1.5 ui-monospace,monospace}small{color:#4a5568}</style></head><body><h1>Development mailbox</h1><p>E-mails the server would have sent (newest first). Not available in production. Reload to see new mail.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
