import type { Generated } from 'kysely';
import type { CvssVersion } from './cvss-metrics.js';
import type { NvdReference } from './nvd-weaknesses.js';

/** The CVE catalogue: global reference data (NVD + KEV + EPSS), not a tenant table. */
export interface CvesTable {
  cve_id: string;
  /** NVD's published date; null while NVD has no record of it (a KEV-only CVE): never KEV's date. */
  published_at: Date | null;
  /** NVD's lastModified: an NVD record older than this one leaves the row as it is. */
  last_modified_at: Date | null;
  description: string;
  /** Who wrote the description: NVD, or KEV's shortDescription while NVD has none. */
  description_source: 'nvd' | 'kev' | null;
  cvss2_score: string | null;
  cvss2_vector: string | null;
  cvss30_score: string | null;
  cvss30_vector: string | null;
  cvss31_score: string | null;
  cvss31_vector: string | null;
  cvss40_score: string | null;
  cvss40_vector: string | null;
  /** The newest CVSS version's severity; null when NVD has not scored it (unknown, not "info"). */
  severity: string | null;
  severity_source: CvssVersion | null;
  cpes: Generated<string[]>;
  /** NVD's weaknesses and references (migration 2026-12-06-1100); null before NVD's record came. */
  nvd_cwes: string[] | null;
  nvd_references: NvdReference[] | null;
  /** The job (feed sync or an operator's upload) that last wrote NVD's, KEV's and EPSS's fields. */
  nvd_job_id: number | null;
  epss: number | null;
  epss_percentile: number | null;
  epss_model: string | null;
  epss_date: string | null;
  epss_job_id: number | null;
  kev_date_added: string | null;
  kev_due_date: string | null;
  kev_ransomware: string | null;
  kev_vendor: string | null;
  kev_product: string | null;
  kev_name: string | null;
  kev_required_action: string | null;
  kev_notes: string | null;
  kev_cwes: string[] | null;
  /** The KEV release (catalogVersion, dateReleased) the KEV fields come from; null from the CSV edition. */
  kev_catalog_version: string | null;
  kev_date_released: Date | null;
  kev_job_id: number | null;
  updated_at: Date;
}

export interface CveProductsTable {
  cve_id: string;
  vendor: string;
  product: string;
  /** NVD's CPE configurations, or KEV's vendorProject/product (kept whatever came first). */
  source: Generated<'nvd' | 'kev'>;
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

/** A catalogue feed's sync state (modules/cves/feeds). */
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
