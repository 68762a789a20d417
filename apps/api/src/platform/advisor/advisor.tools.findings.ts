// list_findings, get_finding and leaked_accounts: the findings of every module (GET /findings,
// /findings/{id} and the module's own detail), and the leaked accounts (GET /credentials) without
// any password: only whether the leak held one in clear.
import { z } from 'zod';
import type { GetFindingData, LeakedAccount, LeakedAccountsData, ListFindingsData } from './advisor.tools.js';
import { CREDENTIALS_MODULE, moduleDetails, supplierOf } from './advisor.tools.modules.js';
import {
  defineTool,
  findingItem,
  findingItems,
  findingRecord,
  findingRef,
  orNotFound,
  pathOfFinding,
  recordId,
  severityEnum,
  statusEnum,
  text,
} from './advisor.tools.shared.js';

const sorts = { severity: '-severity', newest: '-first_seen_at' } as const;

export const listFindingsTool = defineTool({
  name: 'list_findings',
  description:
    "The current company's findings of every module (leaked credentials, CVEs, vulnerabilities, attack surface, mentions, secrets, store scripts, …), filtered by module, severity, status and text, most severe or newest first.",
  schema: z
    .object({
      module: z
        .string()
        .regex(/^[a-z][a-z0-9-]{0,39}$/)
        .optional()
        .describe('A module id, as posture_summary names them (credentials, cves, vulnerabilities, …).'),
      severity: z.array(severityEnum).max(5).optional(),
      status: z.array(statusEnum).max(6).optional(),
      q: text(200).optional().describe('Words of the title or of the module record.'),
      sort: z.enum(['severity', 'newest']).optional().describe('Most severe first (default) or newest first.'),
      limit: z.number().int().min(1).max(20).optional().describe('At most this many (default 10).'),
    })
    .strict(),
  async run(args, { api }) {
    const page = await api.get('/findings', {
      query: {
        module: args.module,
        severity: args.severity,
        status: args.status,
        q: args.q || undefined,
        sort: sorts[args.sort ?? 'severity'],
        page_size: args.limit ?? 10,
      },
    });
    const findings = await findingItems(api, page.data);
    const data: ListFindingsData = { total: page.meta.total, findings };
    return { data, records: findings.map(findingRecord) };
  },
});

export const getFindingTool = defineTool({
  name: 'get_finding',
  description:
    "One finding of the current company by id: its workflow fields, its module's details (leaked account, infected device, scanner vulnerability, closed-source mention; never a password or secret value) and its history of changes.",
  schema: z.object({ id: recordId.describe('The finding id (the number of a ref F<id>).') }).strict(),
  async run({ id }, { api }) {
    const { data: f } = await orNotFound(api.get('/findings/{id}', { path: { id } }), `Finding ${id}`);
    const item = findingItem(f, pathOfFinding(f, f.fingerprint, await supplierOf(api, f)));
    const data: GetFindingData = {
      finding: {
        ...item,
        reference: f.reference ?? null,
        assignee: f.assignee?.name ?? null,
        resolved_at: f.resolved_at ?? null,
        reopen_count: f.reopen_count ?? 0,
      },
      details: await moduleDetails(api, f),
      history: f.history.slice(-30).map((h) => ({
        field: h.field,
        from: h.from,
        to: h.to,
        at: h.at,
        actor: h.actor?.name ?? null,
      })),
    };
    return { data, records: [findingRecord(item)] };
  },
});

export const leakedAccountsTool = defineTool({
  name: 'leaked_accounts',
  description:
    "Leaked accounts (e-mails or user names) of the current company's domains from breaches, combolists and infostealers, newest first; with clearPasswordOnly, only those whose leak held the password in clear. Passwords are never shown.",
  schema: z
    .object({
      domain: text(253).optional().describe("One of the company's domains."),
      clearPasswordOnly: z.boolean().optional().describe('Only accounts whose leak held the password in clear.'),
      limit: z.number().int().min(1).max(50).optional().describe('At most this many (default 20).'),
    })
    .strict(),
  async run({ domain, clearPasswordOnly, limit = 20 }, { api }) {
    const page = await api.get('/credentials', {
      query: {
        domain: domain || undefined,
        password_type: clearPasswordOnly ? 'plaintext' : undefined,
        page_size: limit,
        sort: '-last_seen_at',
      },
    });
    const accounts: LeakedAccount[] = page.data.map((r) => ({
      ref: findingRef(r.id),
      id: r.id,
      email: r.email,
      domain: r.domain,
      source_kind: r.source_kind,
      source_name: r.source_name,
      breach_date: r.breach_date ?? null,
      clear_password: r.password_type === 'plaintext',
      severity: r.severity,
      status: r.status,
      first_seen_at: r.first_seen_at,
      path: pathOfFinding({ id: r.id, module: CREDENTIALS_MODULE }),
    }));
    const data: LeakedAccountsData = { total: page.meta.total, accounts };
    const records = accounts.map((a) => ({
      ref: a.ref,
      kind: 'finding' as const,
      title: a.email,
      path: a.path,
      severity: a.severity,
    }));
    return { data, records };
  },
});
