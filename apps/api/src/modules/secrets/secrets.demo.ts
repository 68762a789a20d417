// The secrets module's demo: for each demo company a gitleaks JSON report (the real
// `gitleaks detect --report-format json` shape) of FAKE secrets planted in made-up repositories,
// imported like an upload (redacted on the way in), a few search terms, and a code search run queued
// against the development start's local replay server (labelled demo; it fails with the settings
// to set where no code search is configured). Seeded: one anchor gives the same files.
import type { Executor } from '../../db/database.js';
import type { DemoCompany, DemoFile, DemoInput } from '../../platform/monitoring/monitoring-module.js';
import { queueProviderRun } from '../../platform/providers/provider-runs.js';
import { DAY } from '../../shared/clock.js';
import { pick, prng } from '../../shared/seeded-random.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';

function fake(random: () => number, alphabet: string, n: number): string {
  return Array.from({ length: n }, () => pick(random, [...alphabet])).join('');
}

/** The company's short name: `acme-retail.example` → `acme-retail`. */
export function demoOwner(company: Pick<DemoCompany, 'domain'>): string {
  return company.domain.split('.')[0] ?? 'demo';
}

interface Planted {
  rule: string;
  description: string;
  secret: string;
  line: (secret: string) => string;
  file: string;
  repository: string;
}

function planted(random: () => number, owner: string, domain: string): Planted[] {
  const mirror = `${pick(random, ['dev', 'jsmith', 'intern'])}-${owner}-tools`;
  return [
    {
      rule: 'aws-access-key-id',
      description: 'AWS access key ID',
      secret: `AKIA${fake(random, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16)}`,
      line: (s) => `aws_access_key_id = ${s}`,
      file: 'deploy/terraform.tfvars',
      repository: `${owner}/infra-scripts`,
    },
    {
      rule: 'github-pat',
      description: 'GitHub personal access token',
      secret: `ghp_${fake(random, ALNUM, 36)}`,
      line: (s) => `GITHUB_TOKEN: "${s}"`,
      file: '.github/workflows/release.yml',
      repository: `${owner}/storefront`,
    },
    {
      rule: 'database-url-password',
      description: 'Database connection URL with a password',
      secret: fake(random, ALNUM, 18),
      line: (s) => `DATABASE_URL=postgres://shop:${s}@db.${domain}:5432/shop`,
      file: '.env.production',
      repository: `${mirror}/backup`,
    },
    {
      rule: 'vtex-app-token',
      description: 'VTEX appToken',
      secret: fake(random, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 100),
      line: (s) => `  "X-VTEX-API-AppToken": "${s}",`,
      file: 'scripts/sync-catalog.js',
      repository: `${mirror}/backup`,
    },
    {
      rule: 'slack-webhook-url',
      description: 'Slack incoming webhook URL',
      secret: `https://hooks.slack.com/services/T${fake(random, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 9)}/B${fake(random, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 9)}/${fake(random, ALNUM, 24)}`,
      line: (s) => `const ALERTS = '${s}';`,
      file: 'src/notify.ts',
      repository: `${owner}/storefront`,
    },
  ];
}

/** A gitleaks report of the planted secrets, commits spread over the last weeks. */
export function secretsDemo({ anchor, company, index, seed }: DemoInput): DemoFile[] {
  if (!company) return [];
  const random = prng(seed + 1801 + index);
  const owner = demoOwner(company);
  const report = planted(random, owner, company.domain).map((p, i) => {
    const commit = fake(random, HEX, 40);
    const line = 3 + Math.floor(random() * 80);
    const text = p.line(p.secret);
    return {
      RuleID: p.rule,
      Description: p.description,
      StartLine: line,
      EndLine: line,
      StartColumn: text.indexOf(p.secret) + 1,
      EndColumn: text.indexOf(p.secret) + p.secret.length,
      Match: text,
      Secret: p.secret,
      File: p.file,
      SymlinkFile: '',
      Commit: commit,
      Entropy: 4.2,
      Author: pick(random, ['Ana Silva', 'Bruno Costa', 'Carla Lima']),
      Email: `dev${i}@users.noreply.github.example`,
      Date: new Date(anchor.getTime() - (3 + i * 5) * DAY).toISOString(),
      Message: pick(random, ['wip', 'deploy script', 'fix build', 'add sync']),
      Tags: [],
      Fingerprint: `${commit}:${p.file}:${p.rule}:${line}`,
      Link: `https://github.com/${p.repository}/blob/${commit}/${p.file}#L${line}`,
    };
  });
  return [
    {
      kind: 'gitleaks-json',
      fileName: `${owner}-gitleaks.json`,
      content: Buffer.from(JSON.stringify(report, null, 2)),
      options: {},
    },
  ];
}

/** The company's search terms and a demo code search run (the replay server answers it). */
export async function secretsDemoSetup(db: Executor, companyId: number, company: DemoCompany, anchor: Date) {
  const owner = demoOwner(company);
  await db
    .insertInto('code_search_terms')
    .values([
      { company_id: companyId, kind: 'organisation', value: owner, created_by: null, created_at: anchor },
      { company_id: companyId, kind: 'keyword', value: `${owner} api key`, created_by: null, created_at: anchor },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  await queueProviderRun(db, {
    companyId,
    module: 'secrets',
    kind: 'secrets.run',
    provider: 'github',
    createdBy: null,
    isDemo: true,
    now: anchor,
  });
}
