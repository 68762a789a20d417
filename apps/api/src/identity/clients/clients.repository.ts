// Companies and memberships. The membership table is the tenant boundary: every company-scoped
// read goes through a user's membership, never through a company id the browser sends alone.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { MembershipRole } from './clients.table.js';

export function companyForDomain(db: Executor, domain: string) {
  return db
    .selectFrom('company_domains')
    .innerJoin('companies', 'companies.id', 'company_domains.company_id')
    .select(['companies.id', 'companies.name'])
    .where('company_domains.domain', '=', domain.trim().toLowerCase())
    .executeTakeFirst();
}

/**
 * The user's companies (active memberships), by name. `onlyCompanyId` narrows them to one: an API
 * token reads its own company only, never the owner's others (ADR 0048).
 */
export function listCompaniesOfUser(db: Executor, userId: number, onlyCompanyId?: number | null) {
  let query = db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select([
      'companies.id',
      'companies.name',
      'memberships.role',
      sql<
        string[]
      >`coalesce((select array_agg(d.domain order by d.domain) from company_domains d where d.company_id = companies.id), '{}')`.as(
        'domains',
      ),
    ])
    .where('memberships.user_id', '=', userId)
    .where('memberships.deactivated_at', 'is', null);
  if (onlyCompanyId !== undefined && onlyCompanyId !== null) query = query.where('companies.id', '=', onlyCompanyId);
  return query.orderBy('companies.name').execute();
}

/** The company, only when the user belongs to it. */
export function findCompanyOfUser(db: Executor, userId: number, companyId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.id', 'memberships.company_id')
    .select(['companies.id', 'companies.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.company_id', '=', companyId)
    .where('memberships.deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function insertCompany(db: Executor, name: string, domains: string[], at: Date): Promise<number> {
  const company = await db
    .insertInto('companies')
    .values({ name, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (domains.length > 0) {
    await db
      .insertInto('company_domains')
      .values(domains.map((domain) => ({ domain: domain.toLowerCase(), company_id: company.id })))
      .execute();
  }
  return company.id;
}

export async function addMembership(
  db: Executor,
  userId: number,
  companyId: number,
  role: MembershipRole,
  at: Date,
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, company_id: companyId, role, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'company_id']).doNothing())
    .execute();
}

export async function countCompanies(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
