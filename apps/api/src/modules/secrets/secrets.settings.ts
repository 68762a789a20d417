// What a company searches code hosting for and what it allows: its code-search terms (its domains
// are always searched; organisation names and keywords added here) and its allow-list beside the
// rules' own. Administrators and analysts change them (the contract's x-roles); always within the
// session's company.
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/database.js';
import type { AuthContext } from '../../identity/session/session.service.js';
import { normalHostName } from '../../shared/host-name.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { requireScope, type TenantScope, tenantFilter } from '../../shared/tenant.js';
import { compileRegex, RuleSetError } from './rules/rule-set.js';
import type { AllowlistKind, CodeSearchTermKind } from './secrets.table.js';

interface Verb<I> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
}

const termColumns = ['id', 'kind', 'value', 'enabled', 'created_at'] as const;

const toTerm = (row: { id: number; kind: CodeSearchTermKind; value: string; enabled: boolean; created_at: Date }) => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export function companyDomains(db: Executor, companyId: number): Promise<string[]> {
  return db
    .selectFrom('company_domains')
    .select('domain')
    .where('company_id', '=', companyId)
    .orderBy('domain')
    .execute()
    .then((rows) => rows.map((r) => r.domain));
}

export async function listCodeSearchTerms({ ctx, auth }: Verb<unknown>) {
  const scope = requireScope(auth.scope);
  const rows = await ctx.db
    .selectFrom('code_search_terms')
    .select(termColumns)
    .where(tenantFilter('code_search_terms', scope))
    .orderBy('kind')
    .orderBy('value')
    .execute();
  return { data: rows.map(toTerm), domains: await companyDomains(ctx.db, scope.companyId) };
}

/** A term as it goes into a query: a host name, a GitHub organisation's login, or plain words. */
export function normaliseTerm(
  kind: CodeSearchTermKind,
  raw: string,
): { ok: true; value: string } | { ok: false; reason: string } {
  const value = raw.trim();
  if (kind === 'domain') {
    const host = normalHostName(value);
    return host ? { ok: true, value: host } : { ok: false, reason: 'Enter a domain name, e.g. acme.com.' };
  }
  if (kind === 'organisation') {
    return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/.test(value)
      ? { ok: true, value: value.toLowerCase() }
      : { ok: false, reason: 'Enter an organisation login: letters, digits and dashes, at most 39.' };
  }
  return value.length >= 3 && !/["\\\n\r\t]/.test(value)
    ? { ok: true, value }
    : { ok: false, reason: 'Enter at least 3 characters, without quotes or backslashes.' };
}

async function termOf(db: Executor, scope: TenantScope, id: number) {
  const row = await db
    .selectFrom('code_search_terms')
    .select(termColumns)
    .where(tenantFilter('code_search_terms', scope))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ServiceError('not_found', 'Search term not found.');
  return { data: toTerm(row) };
}

export async function createCodeSearchTerm({ ctx, auth, input }: Verb<{ kind: CodeSearchTermKind; value: string }>) {
  const scope = requireScope(auth.scope);
  const term = normaliseTerm(input.kind, input.value);
  if (!term.ok) throw validationError({ value: [term.reason] });
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .insertInto('code_search_terms')
      .values({
        company_id: scope.companyId,
        kind: input.kind,
        value: term.value,
        created_by: scope.userId,
        created_at: ctx.clock.now(),
      })
      .onConflict((oc) => oc.columns(['company_id', 'kind', 'value']).doNothing())
      .returning('id')
      .executeTakeFirst(),
  );
  if (!row) throw new ServiceError('conflict', 'This search term is already there.');
  return termOf(ctx.db, scope, row.id);
}

export async function updateCodeSearchTerm({ ctx, auth, input }: Verb<{ id: number; enabled: boolean }>) {
  const scope = requireScope(auth.scope);
  const updated = await ctx.db
    .transaction()
    .execute((trx) =>
      trx
        .updateTable('code_search_terms')
        .set({ enabled: input.enabled })
        .where(tenantFilter('code_search_terms', scope))
        .where('id', '=', input.id)
        .executeTakeFirst(),
    );
  if (Number(updated.numUpdatedRows) === 0) throw new ServiceError('not_found', 'Search term not found.');
  return termOf(ctx.db, scope, input.id);
}

export async function deleteCodeSearchTerm({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx
        .deleteFrom('code_search_terms')
        .where(tenantFilter('code_search_terms', scope))
        .where('id', '=', input.id)
        .executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Search term not found.');
  return { message: 'Search term deleted.' };
}

const allowColumns = ['id', 'kind', 'value', 'reason', 'created_at'] as const;

const toAllowed = (row: { id: number; kind: AllowlistKind; value: string; reason: string; created_at: Date }) => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export async function listSecretAllowlist({ ctx, auth }: Verb<unknown>) {
  const scope = requireScope(auth.scope);
  const rows = await ctx.db
    .selectFrom('secret_allowlist')
    .select(allowColumns)
    .where(tenantFilter('secret_allowlist', scope))
    .orderBy('kind')
    .orderBy('id')
    .execute();
  return { data: rows.map(toAllowed) };
}

function checkAllowed(kind: AllowlistKind, value: string): string | null {
  if (kind === 'path' || kind === 'regex') {
    try {
      compileRegex(value, 'value');
    } catch (error) {
      return error instanceof RuleSetError ? error.message.replace(/^value: /, '') : 'The regex does not compile.';
    }
  }
  if (kind === 'fingerprint' && !/^[^:\s]+:[^:]+:[a-z0-9-]+:\d+$/.test(value)) {
    return 'Enter repository:file:rule:line, e.g. acme/web:config/app.js:github-pat:12.';
  }
  if (kind === 'stopword' && value.trim().length < 3) return 'Enter at least 3 characters.';
  return null;
}

export async function createSecretAllowlistEntry({
  ctx,
  auth,
  input,
}: Verb<{ kind: AllowlistKind; value: string; reason: string }>) {
  const scope = requireScope(auth.scope);
  const value = input.value.trim();
  const problem = checkAllowed(input.kind, value);
  if (problem) throw validationError({ value: [problem] });
  if (input.reason.trim() === '') throw validationError({ reason: ['Say why it is allowed.'] });
  const row = await ctx.db.transaction().execute((trx) =>
    trx
      .insertInto('secret_allowlist')
      .values({
        company_id: scope.companyId,
        kind: input.kind,
        value,
        reason: input.reason.trim(),
        created_by: scope.userId,
        created_at: ctx.clock.now(),
      })
      .onConflict((oc) => oc.columns(['company_id', 'kind', 'value']).doNothing())
      .returning(allowColumns)
      .executeTakeFirst(),
  );
  if (!row) throw new ServiceError('conflict', 'This entry is already in the allow-list.');
  return { data: toAllowed(row) };
}

export async function deleteSecretAllowlistEntry({ ctx, auth, input }: Verb<{ id: number }>) {
  const scope = requireScope(auth.scope);
  const deleted = await ctx.db
    .transaction()
    .execute((trx) =>
      trx
        .deleteFrom('secret_allowlist')
        .where(tenantFilter('secret_allowlist', scope))
        .where('id', '=', input.id)
        .executeTakeFirst(),
    );
  if (Number(deleted.numDeletedRows) === 0) throw new ServiceError('not_found', 'Allow-list entry not found.');
  return { message: 'Allow-list entry deleted.' };
}
