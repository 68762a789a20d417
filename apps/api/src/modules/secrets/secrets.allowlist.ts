// The company's allow-list (secret_allowlist) as the detector takes it: path and secret regexes,
// stopwords, and pinned findings (`repository:file:rule:line`). A regex that no longer compiles
// (it was checked when added) is left out rather than failing the run.
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ExtraAllowlist } from './rules/detector.js';
import { type Allowlist, compileRegex } from './rules/rule-set.js';

function compiled(values: string[]) {
  return values.flatMap((value) => {
    try {
      return [compileRegex(value, 'allowlist')];
    } catch {
      return [];
    }
  });
}

export async function companyAllowlist(db: Executor, companyId: number): Promise<ExtraAllowlist> {
  const rows = await db
    .selectFrom('secret_allowlist')
    .select(['kind', 'value'])
    .where(sql<boolean>`company_id = ${companyId}`)
    .execute();
  const of = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.value);
  const list: Allowlist = {
    description: "The company's allow-list",
    condition: 'OR',
    regexTarget: 'secret',
    regexes: compiled(of('regex')),
    paths: compiled(of('path')),
    stopwords: of('stopword').map((s) => s.toLowerCase()),
  };
  return { lists: [list], fingerprints: new Set(of('fingerprint')) };
}
