import type { ColumnType, Generated, Selectable } from 'kysely';

/** A client company: the tenant every row of the product belongs to. */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  created_at: Date;
}

export interface CompanyDomainsTable {
  domain: string;
  company_id: number;
}

export interface MembershipsTable {
  user_id: number;
  company_id: number;
  /** memberships_role_check (migration 2026-11-27-1000). */
  role: 'administrator' | 'analyst' | 'viewer';
  created_at: Date;
  /** Set while the member is deactivated in this company (the account itself stays). */
  deactivated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type MembershipRole = MembershipsTable['role'];
export type CompanyRow = Selectable<CompaniesTable>;
