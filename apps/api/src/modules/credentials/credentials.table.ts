/** HIBP breach catalogue (global reference data, from /api/v3/breaches objects). */
export interface BreachesTable {
  name: string;
  title: string;
  domain: string | null;
  breach_date: string | null;
  added_at: Date | null;
  pwn_count: string | null;
  data_classes: string[];
  is_verified: boolean;
  is_sensitive: boolean;
  description: string | null;
  updated_at: Date;
}

/** A leaked credential of one of the company's domains. Never a clear password: mask + keyed hash. */
export interface CredentialFindingsTable {
  finding_id: number;
  company_id: number;
  email: string;
  domain: string;
  source_kind: 'breach' | 'combolist' | 'infostealer';
  source_name: string;
  breach_date: string | null;
  data_classes: string[];
  password_masked: string | null;
  password_hmac: string | null;
  url: string | null;
  device_id: number | null;
}

/** The distinct (source, domain) pairs of a company's credential rows: what the search reads by substring. */
export interface CredentialSourcesTable {
  company_id: number;
  source_name: string;
  domain: string;
}

export interface InfostealerDevicesTable {
  finding_id: number;
  company_id: number;
  machine_name: string;
  malware_family: string;
  infection_date: Date | null;
  ip: string | null;
  country: string | null;
  os: string | null;
  urls: string[];
  credential_count: number;
}

// The module's tables join the database's type here, so db/database.ts never imports a module.
declare module '../../db/database.js' {
  interface Database {
    breaches: BreachesTable;
    credential_findings: CredentialFindingsTable;
    credential_sources: CredentialSourcesTable;
    infostealer_devices: InfostealerDevicesTable;
  }
}
