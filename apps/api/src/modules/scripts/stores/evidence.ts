// One page's evidence for the assessor as rows of one shape (the CSV's columns; the PDF lays the
// same rows out by section): the page and its status, the script inventory with authorisations,
// the history of scripts and authorisations, the scans, the script findings and their handling.
import type { AppContext } from '../../../app-context.js';
import type { AuthContext } from '../../../identity/session/session.service.js';
import { ServiceError } from '../../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../../shared/tenant.js';
import type { Reason } from './compliance.js';
import { type EvidenceRecords, evidenceRecords } from './evidence.repository.js';
import { pageOf } from './pages.service.js';
import type { PageView } from './stores.service.js';

export const evidenceColumns = [
  'section',
  'id',
  'at',
  'subject',
  'type',
  'status',
  'actor',
  'from',
  'to',
  'justification',
  'sha256',
  'detail',
] as const;

export type EvidenceSection = 'page' | 'script' | 'change' | 'scan' | 'finding' | 'finding_change' | 'finding_comment';
type EvidenceValue = string | number | Date | null;
export type EvidenceRow = Partial<Record<Exclude<(typeof evidenceColumns)[number], 'section'>, EvidenceValue>> & {
  section: EvidenceSection;
};

export interface Evidence {
  page: PageView;
  storeName: string;
  assessedAt: Date;
  rows: EvidenceRow[];
}

const reasons = (list: Reason[]) => list.map((r) => (r.count === null ? r.code : `${r.code} (${r.count})`)).join(', ');
const details = (entries: Array<[string, unknown]>) =>
  entries
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${value instanceof Date ? value.toISOString() : String(value)}`)
    .join('; ');

function pageRow(page: PageView, storeName: string, at: Date): EvidenceRow {
  return {
    section: 'page',
    id: page.id,
    at,
    subject: page.url,
    type: page.page_type,
    status: `6.4.3 ${page.pci_6_4_3.status}; 11.6.1 ${page.pci_11_6_1.status}`,
    detail: details([
      ['store', storeName],
      ['scan interval (hours)', page.scan_interval_hours],
      ['enabled', page.enabled ? 'yes' : 'no'],
      ['last scanned', page.last_scanned_at],
      ['6.4.3 reasons', reasons(page.pci_6_4_3.reasons)],
      ['11.6.1 reasons', reasons(page.pci_11_6_1.reasons)],
    ]),
  };
}

function recordRows(records: EvidenceRecords): EvidenceRow[] {
  const scripts = records.scripts.map(
    (s): EvidenceRow => ({
      section: 'script',
      id: s.id,
      at: s.approved_at,
      subject: s.url ?? s.script_key,
      type: `${s.kind} ${s.party} party`,
      status: s.authorisation,
      actor: s.approver,
      from: s.authorised_by_hash ? s.authorised_sha256 : s.authorised_host && `host ${s.authorised_host}`,
      justification: s.justification,
      sha256: s.sha256,
      detail: details([
        ['sri', s.sri ? 'yes' : 'no'],
        ['loaded by', s.loaded_by],
        ['behaviours', s.behaviours.join(', ')],
        ['first seen', s.first_seen_at],
        ['last seen', s.last_seen_at],
        ['removed', s.removed_at],
      ]),
    }),
  );
  const changes = records.changes.map(
    (c): EvidenceRow => ({
      section: 'change',
      id: c.id,
      at: c.at,
      subject: c.script_key,
      type: c.change,
      actor: c.actor,
      from: c.from_value,
      to: c.to_value,
      detail: details([
        ['field', c.field],
        ['scan', c.scan_id],
      ]),
    }),
  );
  const scans = records.scans.map(
    (s): EvidenceRow => ({
      section: 'scan',
      id: s.id,
      at: s.started_at,
      subject: s.final_url,
      status: s.status,
      detail: details([
        ['finished', s.finished_at],
        ['http status', s.http_status],
        ['scripts', s.scripts],
        ['new', s.new_scripts],
        ['changed', s.changed_scripts],
        ['removed', s.removed_scripts],
        ['new destinations', s.new_destinations],
        ['header changes', s.header_changes === '[]' ? null : s.header_changes],
        ['findings opened', s.findings_opened],
        ['error', s.error],
      ]),
    }),
  );
  const findings = records.findings.map(
    (f): EvidenceRow => ({
      section: 'finding',
      id: f.id,
      at: f.first_seen_at,
      subject: f.title,
      type: f.kind,
      status: f.status,
      actor: f.assignee,
      detail: details([
        ['severity', f.severity],
        ['script', f.script_key],
        ['last seen', f.last_seen_at],
        ['resolved', f.resolved_at],
      ]),
    }),
  );
  const handling = records.findingChanges.map(
    (c): EvidenceRow => ({
      section: 'finding_change',
      id: c.finding_id,
      at: c.at,
      type: c.field,
      actor: c.actor,
      from: c.from_value,
      to: c.to_value,
    }),
  );
  const comments = records.comments.map(
    (c): EvidenceRow => ({
      section: 'finding_comment',
      id: c.finding_id,
      at: c.created_at,
      actor: c.author,
      detail: c.body,
    }),
  );
  return [...scripts, ...changes, ...scans, ...findings, ...handling, ...comments];
}

async function storeName(ctx: AppContext, scope: TenantScope, storeId: number): Promise<string> {
  const store = await ctx.db
    .selectFrom('stores')
    .select('name')
    .where(tenantFilter('stores', scope))
    .where('id', '=', storeId)
    .executeTakeFirst();
  if (!store) throw new ServiceError('not_found', 'Page not found.');
  return store.name;
}

/** The evidence of one of the company's pages (404 for another company's). */
export async function pageEvidence(ctx: AppContext, auth: AuthContext, pageId: number): Promise<Evidence> {
  const scope = requireScope(auth.scope);
  const { data: page } = await pageOf(ctx, scope, pageId);
  const name = await storeName(ctx, scope, page.store_id);
  const assessedAt = ctx.clock.now();
  const records = await evidenceRecords(ctx.db, scope, pageId);
  return {
    page,
    storeName: name,
    assessedAt,
    rows: [pageRow(page, name, assessedAt), ...recordRows(records)],
  };
}
