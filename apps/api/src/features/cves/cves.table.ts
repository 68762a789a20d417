import type { Generated } from 'kysely';

/** The CVE catalogue: global reference data (NVD + KEV + EPSS), not a tenant table. */
export interface CvesTable {
  cve_id: string;
  published_at: Date;
  last_modified_at: Date | null;
  description: string;
  cvss31_score: string | null;
  cvss31_vector: string | null;
  cvss40_score: string | null;
  cvss40_vector: string | null;
  severity: string;
  cpes: Generated<string[]>;
  epss: number | null;
  epss_percentile: number | null;
  epss_model: string | null;
  epss_date: string | null;
  kev_date_added: string | null;
  kev_due_date: string | null;
  kev_ransomware: string | null;
  updated_at: Date;
}

export interface CveProductsTable {
  cve_id: string;
  vendor: string;
  product: string;
}

export interface CveChangesTable {
  id: Generated<number>;
  cve_id: string;
  field: string;
  from_value: string | null;
  to_value: string | null;
  job_id: number | null;
  at: Date;
}

/** A company's watch item: vendor, and product or '*' for all of the vendor's products. */
export interface CveWatchItemsTable {
  id: Generated<number>;
  company_id: number;
  vendor: string;
  product: Generated<string>;
  created_by: number | null;
  created_at: Date;
}

export interface CveFindingsTable {
  finding_id: number;
  company_id: number;
  cve_id: string;
  published_at: Date;
}

/** A catalogue feed's sync state (features/cves/feeds). */
export interface CatalogueFeedsTable {
  feed: 'nvd' | 'kev' | 'epss';
  /** NVD: the lastModEndDate reached; KEV: the catalogVersion; EPSS: model version and score date. */
  cursor: string | null;
  last_attempt_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  last_added: Generated<number>;
  last_updated: Generated<number>;
}

// The module's tables join the database's type here, so db/database.ts never imports a module.
declare module '../../db/database.js' {
  interface Database {
    catalogue_feeds: CatalogueFeedsTable;
    cves: CvesTable;
    cve_products: CveProductsTable;
    cve_changes: CveChangesTable;
    cve_watch_items: CveWatchItemsTable;
    cve_findings: CveFindingsTable;
  }
}
