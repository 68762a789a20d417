/** A scanner finding (nuclei) on one of the company's assets. */
export interface VulnerabilityFindingsTable {
  finding_id: number;
  company_id: number;
  template_id: string;
  name: string;
  host: string;
  matched_at: string;
  cve_id: string | null;
  cvss_score: string | null;
  scanned_at: Date | null;
  /** The scanner's evidence (NucleiEvidence) as JSON text; null when the import carried none. */
  evidence: string | null;
}

export interface SlaPoliciesTable {
  company_id: number;
  critical_days: number;
  high_days: number;
  medium_days: number;
  low_days: number;
  updated_by: number | null;
  updated_at: Date;
}

// The module's tables join the database's type here, so db/database.ts never imports a module.
declare module '../../db/database.js' {
  interface Database {
    vulnerability_findings: VulnerabilityFindingsTable;
    sla_policies: SlaPoliciesTable;
  }
}
