// The attack-surface tables (migration 2026-11-29-1000): assets typed like OWASP Amass's model,
// their relations and history, the probes' scope, runs and latest observations, the link of a
// finding to its asset, and the supplier portfolio. JSON columns are text holding JSON.
import type { ColumnType, Generated, Selectable } from 'kysely';

export const assetTypes = [
  'domain',
  'subdomain',
  'ip',
  'netblock',
  'url',
  'certificate',
  'service',
  'email_domain',
] as const;
export type AssetType = (typeof assetTypes)[number];

export const relationKinds = [
  'resolves_to',
  'cname_to',
  'subdomain_of',
  'serves_certificate',
  'has_service',
  'mail_exchanger',
  'name_server',
  'in_netblock',
  'hosts_url',
  'redirects_to',
] as const;
export type RelationKind = (typeof relationKinds)[number];

export const supplierTiers = ['critical', 'high', 'medium', 'low'] as const;
export type SupplierTier = (typeof supplierTiers)[number];
export const questionnaireStatuses = ['not_sent', 'sent', 'in_progress', 'completed', 'overdue'] as const;

/** A `date` column: written as `YYYY-MM-DD`, read as a Date. */
type DateColumn = ColumnType<Date, string, string>;

export interface SuppliersTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  tier: SupplierTier;
  website: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contract_start: DateColumn | null;
  contract_end: DateColumn | null;
  notes: string | null;
  questionnaire_status: (typeof questionnaireStatuses)[number] | null;
  is_demo: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** What probes may contact: the company's (or a supplier's) domains and declared netblocks. */
export interface AssetScopesTable {
  id: Generated<number>;
  company_id: number;
  supplier_id: number | null;
  kind: 'domain' | 'netblock';
  value: string;
  created_by: number | null;
  created_at: Date;
  /** Proof of control (ADR 0041): only a verified entry is ever contacted by a probe. */
  status: Generated<ScopeStatus>;
  method: ScopeProofMethod | null;
  verified_at: Date | null;
  checked_at: Date | null;
  /** What the last check found, in a sentence. */
  check_note: string | null;
  /** A platform operator's reason, when the operator approved the entry. */
  approval_reason: string | null;
}

export type ScopeStatus = 'unverified' | 'verified' | 'lost';
export type ScopeProofMethod = 'dns_txt' | 'http_file' | 'reverse_dns' | 'operator';

export interface ScopeTokensTable {
  company_id: number;
  token: string;
  created_at: Date;
}

/**
 * One asset. `value` is normalised per type: a lower-case host name (domain, subdomain, e-mail
 * domain), an IP in canonical form, a CIDR, a URL without fragment, a certificate's SHA-256
 * fingerprint (hex), a service as `host:port/protocol`.
 */
export interface AssetsTable {
  id: Generated<number>;
  company_id: number;
  supplier_id: number | null;
  type: AssetType;
  value: string;
  /** Where it was seen: import kinds (`hosts`, `subfinder`, `httpx`, `nmap`, `assets-csv`), `probe`, `manual`. */
  sources: Generated<string[]>;
  tags: Generated<string[]>;
  owner: string | null;
  /** Type-specific facts as JSON text (a certificate's subject and expiry, a URL's status and title…). */
  details: Generated<string>;
  first_seen_at: Date;
  last_seen_at: Date;
  /** When a probe run last found it gone (null while it is there). */
  gone_at: Date | null;
  last_probed_at: Date | null;
  is_demo: Generated<boolean>;
  created_at: Date;
  updated_at: Date;
}

export interface AssetRelationsTable {
  company_id: number;
  from_asset_id: number;
  kind: RelationKind;
  to_asset_id: number;
  source: string;
  first_seen_at: Date;
  last_seen_at: Date;
}

export interface AssetChangesTable {
  id: Generated<number>;
  company_id: number;
  asset_id: number;
  change: 'discovered' | 'seen_again' | 'changed' | 'gone' | 'tagged' | 'owner';
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  source: string | null;
  job_id: number | null;
  actor_user_id: number | null;
  at: Date;
}

export interface ProbeRunsTable {
  id: Generated<number>;
  company_id: number;
  supplier_id: number | null;
  job_id: number | null;
  status: 'running' | 'done' | 'failed' | 'cancelled';
  targets: Generated<number>;
  checks: Generated<number>;
  new_assets: Generated<number>;
  gone_assets: Generated<number>;
  findings_opened: Generated<number>;
  findings_resolved: Generated<number>;
  is_demo: Generated<boolean>;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

/** The latest result of one probe (dns, http, tls, services) on one asset: what the next run diffs against. */
export interface ProbeObservationsTable {
  company_id: number;
  asset_id: number;
  probe: string;
  run_id: number;
  /** SHA-256 of the result's stable JSON: equal digests mean nothing changed. */
  digest: string;
  result: string;
  observed_at: Date;
}

/** A finding of the attack surface on one asset (1:1 on finding_id). */
export interface AssetFindingsTable {
  finding_id: number;
  company_id: number;
  asset_id: number;
  supplier_id: number | null;
  probe: string;
  evidence: Generated<string>;
}

export type AssetRow = Selectable<AssetsTable>;
export type SupplierRow = Selectable<SuppliersTable>;

// The module's tables join the database's type here, so db/database.ts never imports a module.
declare module '../../db/database.js' {
  interface Database {
    suppliers: SuppliersTable;
    asset_scopes: AssetScopesTable;
    scope_tokens: ScopeTokensTable;
    assets: AssetsTable;
    asset_relations: AssetRelationsTable;
    asset_changes: AssetChangesTable;
    probe_runs: ProbeRunsTable;
    probe_observations: ProbeObservationsTable;
    asset_findings: AssetFindingsTable;
  }
}
