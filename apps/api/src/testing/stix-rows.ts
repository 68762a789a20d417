// Rows of every kind the TAXII collections and the STIX export read, written straight to the tables
// (fixed dates, a URL with a quote and a backslash, a masked password that must never come out).
import type { VigilApp } from '../app.js';
import type { Tenant } from './monitoring.js';

export const day = (n: number, hour = 0) => new Date(Date.UTC(2026, 10, n, hour));

async function finding(app: VigilApp, who: Tenant, module: string, n: number, title: string) {
  const row = await app.ctx.db
    .insertInto('findings')
    .values({
      company_id: who.companyId,
      module,
      fingerprint: `${module}:${n}`,
      title,
      severity: 'high',
      first_seen_at: day(1),
      last_seen_at: day(2),
      created_at: day(1),
      // Two rows share a date added: the order goes on by id.
      updated_at: day(3 + Math.floor(n / 2)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A company's rows of every TAXII collection: `credentials` leaks (every third with a stealer log's URL), three scanner findings, two clones, two script findings. */
export async function seedStixRows(app: VigilApp, who: Tenant, credentials: number) {
  for (let n = 0; n < credentials; n++) {
    const id = await finding(app, who, 'credentials', n, `Leak ${n}`);
    const url = n % 3 === 0 ? `https://vpn.${who.domain}/login?x='q'\\${n}` : null;
    await app.ctx.db
      .insertInto('credential_findings')
      .values({
        finding_id: id,
        company_id: who.companyId,
        email: `u${n}@${who.domain}`,
        domain: who.domain,
        source_kind: url ? 'infostealer' : 'combolist',
        source_name: 'Collection #1',
        data_classes: [],
        password_masked: 'Se****',
        password_hmac: 'deadbeef',
        url,
      })
      .execute();
  }
  for (let n = 0; n < 3; n++) {
    const id = await finding(app, who, 'vulnerabilities', 100 + n, `Vuln ${n}`);
    await app.ctx.db
      .insertInto('vulnerability_findings')
      .values({
        finding_id: id,
        company_id: who.companyId,
        template_id: `t-${n}`,
        name: `Check ${n}`,
        host: `https://www${n}.${who.domain}`,
        matched_at: `https://www${n}.${who.domain}/`,
        cve_id: n === 0 ? 'CVE-2026-0001' : n === 1 ? 'CVE-2026-9999' : null,
      })
      .execute();
  }
  for (let n = 0; n < 2; n++) {
    await app.ctx.db
      .insertInto('clone_candidates')
      .values({
        company_id: who.companyId,
        domain: `sh0p${n}-${who.domain}`,
        url: `https://sh0p${n}-${who.domain}/`,
        resolves: true,
        address: null,
        similarity: 0.9,
        permutation: 'homoglyph',
        content_sha256: null,
        last_capture_id: null,
        store_id: null,
        finding_id: null,
        last_checked_at: null,
        first_seen_at: day(1),
        last_seen_at: day(4),
      })
      .execute();
  }
  const store = await app.ctx.db
    .insertInto('stores')
    .values({
      company_id: who.companyId,
      name: 'Shop',
      platform: 'vtex',
      account_name: null,
      checkout_url: null,
      created_by: null,
      created_at: day(1),
      updated_at: day(1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const page = await app.ctx.db
    .insertInto('store_pages')
    .values({
      company_id: who.companyId,
      store_id: store.id,
      url: `https://${who.domain}/checkout`,
      page_type: 'checkout',
      last_scan_id: null,
      last_scanned_at: null,
      next_scan_at: null,
      created_at: day(1),
      updated_at: day(1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let n = 0; n < 2; n++) {
    const script = await app.ctx.db
      .insertInto('page_scripts')
      .values({
        company_id: who.companyId,
        page_id: page.id,
        script_key: `https://skim${n}.example/x.js`,
        kind: 'external',
        url: n === 0 ? `https://skim${n}.example/x.js` : null,
        host: `skim${n}.example`,
        party: 'third',
        loaded_by: null,
        sha256: 'a'.repeat(64),
        first_seen_at: day(1),
        last_seen_at: day(2),
        removed_at: null,
        last_scan_id: null,
        authorised_sha256: null,
        authorised_host: null,
        justification: null,
        approved_by: null,
        approved_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await finding(app, who, 'scripts', 200 + n, `Skimmer ${n}`);
    await app.ctx.db
      .insertInto('script_findings')
      .values({
        finding_id: id,
        company_id: who.companyId,
        page_id: page.id,
        page_script_id: script.id,
        scan_id: null,
        kind: 'blacklist_hit',
      })
      .execute();
  }
}

/** Three CVEs of the public catalogue (CVE-2026-0001 is the one a scanner finding names). */
export async function seedCves(app: VigilApp) {
  for (const [n, cve] of ['CVE-2026-0001', 'CVE-2026-0002', 'CVE-2026-0003'].entries()) {
    await app.ctx.db
      .insertInto('cves')
      .values({
        cve_id: cve,
        published_at: day(1),
        last_modified_at: day(1),
        description: `Flaw ${n} in "x" \\ y`,
        description_source: 'nvd',
        cvss2_score: null,
        cvss2_vector: null,
        cvss30_score: null,
        cvss30_vector: null,
        cvss31_score: null,
        cvss31_vector: null,
        cvss40_score: null,
        cvss40_vector: null,
        severity: null,
        severity_source: null,
        nvd_cwes: null,
        nvd_references: null,
        nvd_job_id: null,
        epss: null,
        epss_percentile: null,
        epss_model: null,
        epss_date: null,
        epss_job_id: null,
        kev_date_added: null,
        kev_due_date: null,
        kev_ransomware: null,
        kev_vendor: null,
        kev_product: null,
        kev_name: null,
        kev_required_action: null,
        kev_notes: null,
        kev_cwes: null,
        kev_catalog_version: null,
        kev_date_released: null,
        kev_job_id: null,
        updated_at: day(2 + n),
      })
      .execute();
  }
}
