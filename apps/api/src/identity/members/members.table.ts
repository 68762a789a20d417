import type { Generated, Selectable } from 'kysely';
import type { MembershipRole } from '../clients/clients.table.js';

/** An invitation to join a company: the link's token is stored as SHA-256, single use, 7 days. */
export interface InvitationsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  /** Written only from the contract's Role (memberships_role_check applies when it is accepted). */
  role: MembershipRole;
  /** The language of the e-mail and of the new account (the inviter's). */
  language: string | null;
  token_hash: string;
  invited_by: number | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

export type InvitationRow = Selectable<InvitationsTable>;

// The feature's table joins the database's type here (declaration merging, as the modules do).
declare module '../../db/database.js' {
  interface Database {
    invitations: InvitationsTable;
  }
}
