// Loads the demo data set on first start: the generated files are queued as ordinary import jobs
// (marked demo) for the two demo companies, so they go through the same parsers, writers and
// worker as an upload. Runs once: any demo job in the database means it was done.
import type { AppContext } from '../app-context.js';
import { insertJob } from '../platform/imports/imports.repository.js';
import type { DemoCompany, DemoFile } from '../platform/monitoring/monitoring-module.js';
import { demoCompanies } from './demo.seed.js';
import { queueDemoHistory } from './demo-history.job.js';

export const profiles: Record<string, Omit<DemoCompany, 'domain'>> = {
  'Acme Retail': {
    // Real vendor/product names of the catalogue snapshot (NVD CPE names, KEV's names as the
    // importer writes them), so CVE monitor shows real CVEs.
    watch: [
      ['apache', 'log4j'],
      ['apache', 'log4j2'],
      ['apache', 'http_server'],
      ['apache', 'tomcat'],
      ['apache', 'struts'],
      ['tukaani', 'xz'],
      ['roundcube', '*'],
      ['atlassian', '*'],
      ['wordpress', '*'],
    ],
    hosts: [
      'www.acme-retail.example',
      'shop.acme-retail.example',
      'api.acme-retail.example',
      'vpn.acme-retail.example',
    ],
  },
  'Globex Bank': {
    watch: [
      ['microsoft', 'exchange_server'],
      ['fortinet', 'fortios'],
      ['vmware', 'vcenter_server'],
      ['palo_alto_networks', 'pan-os'],
      ['paloaltonetworks', 'pan-os'],
      ['ivanti', '*'],
      ['citrix', '*'],
    ],
    hosts: ['www.globex.example', 'netbanking.globex.example', 'mail.globex.example', 'sso.globex.example'],
  },
};

/** Queues the demo imports; false when there is nothing to do (loaded already, or no demo companies). */
export async function loadMonitoringDemo(
  { db, modules }: Pick<AppContext, 'db' | 'modules'>,
  anchor: Date,
): Promise<boolean> {
  const done = await db.selectFrom('jobs').select('id').where('is_demo', '=', true).limit(1).executeTakeFirst();
  if (done) return false;
  const companies = await db
    .selectFrom('companies')
    .innerJoin('company_domains', 'company_domains.company_id', 'companies.id')
    .select(['companies.id', 'companies.name', 'company_domains.domain'])
    .where(
      'companies.name',
      'in',
      demoCompanies.map((c) => c.name),
    )
    .orderBy('companies.id')
    .execute();
  if (companies.length === 0) return false;
  await db.transaction().execute(async (trx) => {
    // companyId null: a platform job (the CVE catalogue belongs to no company).
    const queue = async (companyId: number | null, file: DemoFile) => {
      await insertJob(
        trx,
        {
          company_id: companyId,
          kind: file.kind,
          module: modules.importer(file.kind).module,
          file_name: file.fileName,
          file_size: file.content.length,
          options: Object.keys(file.options).length > 0 ? JSON.stringify(file.options) : null,
          created_by: null,
          created_at: anchor,
          is_demo: true,
        },
        file.content,
      );
    };
    // One entry per company (the demo companies have one domain each).
    const list = [...new Map(companies.map((c) => [c.id, c])).values()].flatMap((c) => {
      const profile = profiles[c.name];
      return profile ? [{ id: c.id, company: { domain: c.domain, ...profile } }] : [];
    });
    // Module by module in registration order (the CVE catalogue before the scans that name its
    // CVEs): the platform's files (no company), then each company's.
    for (const module of modules.modules) {
      for (const { id, company } of list) await module.demoSetup?.(trx, id, company, anchor);
      for (const file of module.demo?.({ anchor, company: null, index: -1, seed: 1 }) ?? []) await queue(null, file);
      for (const [index, { id, company }] of list.entries()) {
        for (const file of module.demo?.({ anchor, company, index, seed: 100 + index }) ?? []) await queue(id, file);
      }
    }
    // Last: the quarter of triage and daily ratings, once the imports' findings are in.
    await queueDemoHistory(trx, anchor);
  });
  return true;
}

/** The demo's anchor: midnight UTC of the start day (the same files all day long). */
export function demoAnchor(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
