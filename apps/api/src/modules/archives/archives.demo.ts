// The archives' demo for a demo company: a gau-style URL list and a saved Wayback CDX answer
// (offline results, through the module's importers), and a sweep of the web archives queued at
// start, which a development start answers from the local replay server (labelled demo). Every
// host is under the company's reserved `.example` domain; the tokens in query strings are made
// up and redacted on the way in.
import type { Executor } from '../../db/database.js';
import type { DemoCompany, DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { archiveProviderIds } from '../../platform/providers/provider.types.js';
import { queueProviderRun } from '../../platform/providers/provider-runs.js';
import { archiveJobKind } from './archives.runs.js';

/** A gau / waybackurls list: what a command-line sweep of the domain prints. */
export function demoUrlList(company: DemoCompany): string {
  const d = company.domain;
  const www = company.hosts[0] ?? `www.${d}`;
  return [
    `https://${www}/`,
    `https://${www}/about-us`,
    `https://${www}/wp-admin/`,
    `https://${www}/wp-content/uploads/2021/annual-report.pdf`,
    `https://${www}/backup/site-2021-06.tar.gz`,
    `http://${www}/.env`,
    `https://${www}/api/v1/products?page=2`,
    `https://${www}/reset-password?token=demo-6f1c2a9e&email=someone%40${d}`,
    `https://${www}/index.php~`,
    `https://cdn.${d}/assets/app.js`,
    `https://partner.example.org/${d}`,
    'not a url',
  ].join('\n');
}

/** The CDX server's `output=json` answer (first row: the fields). */
export function demoCdx(company: DemoCompany, anchor: Date): string {
  const d = company.domain;
  const host = company.hosts[1] ?? `shop.${d}`;
  const stamp = (daysAgo: number) =>
    new Date(anchor.getTime() - daysAgo * 86_400_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const rows = [
    ['original', 'timestamp', 'statuscode', 'mimetype'],
    [`https://${host}/`, stamp(400), '200', 'text/html'],
    [`https://${host}/checkout?session_id=demo-aa11bb22&step=2`, stamp(380), '200', 'text/html'],
    [`https://${host}/db/orders-2020.sql`, stamp(900), '200', 'application/octet-stream'],
    [`https://${host}/config/settings.yml`, stamp(200), '404', 'text/html'],
    [`https://${host}/logs/error.log`, stamp(120), '200', 'text/plain'],
    [`https://${host}/.git/config`, stamp(60), '200', 'text/plain'],
    [`https://${host}/graphql`, stamp(30), '405', 'application/json'],
  ];
  return JSON.stringify(rows);
}

export function archivesDemo({ company, anchor }: DemoInput): DemoFile[] {
  if (!company) return [];
  return [
    { kind: 'archive-urls', fileName: 'gau-output.txt', content: Buffer.from(demoUrlList(company)), options: {} },
    { kind: 'wayback-cdx', fileName: 'wayback-cdx.json', content: Buffer.from(demoCdx(company, anchor)), options: {} },
  ];
}

/** A sweep of each web archive, answered on a development start by the local replay server. */
export async function archivesDemoSetup(db: Executor, companyId: number, _company: DemoCompany, anchor: Date) {
  for (const provider of archiveProviderIds) {
    await queueProviderRun(db, {
      companyId,
      module: 'archives',
      kind: archiveJobKind(provider),
      provider,
      createdBy: null,
      isDemo: true,
      now: anchor,
    });
  }
}
