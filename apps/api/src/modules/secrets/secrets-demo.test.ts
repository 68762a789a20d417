// The demo's planted (FAKE) secrets are found: each recorded repository file of the replay server
// holds at least one secret Vigil's rules find (and the allow-listed ones are not), the demo
// company's queries reach them, and the demo gitleaks report is read without a reject.
import { describe, expect, it } from 'vitest';
import { codeSearchHits, loadReplayData } from '../../dev/provider-replay/replay-fixtures.js';
import { v8RecordOf } from './gitleaks.records.js';
import { detect } from './rules/detector.js';
import { vigilRules } from './rules/rule-set.js';
import { demoOwner, secretsDemo } from './secrets.demo.js';

const data = loadReplayData();
const company = { domain: 'acme-retail.example', watch: [], hosts: [] };

describe('secrets demo', () => {
  it('plants a secret the rules find in every recorded file, and none the allow-lists clear', () => {
    const files = data.github.filter((f) => f.repository.includes('acme') || f.repository.includes('globex'));
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const found = detect(vigilRules(), file.content, file.path);
      expect(found.length, `${file.repository}/${file.path}`).toBeGreaterThan(0);
      expect(found.map((d) => d.fragment).join('\n')).not.toContain('devpass1234');
      expect(found.some((d) => d.secret.endsWith('EXAMPLE'))).toBe(false);
    }
  });

  it("answers the demo company's queries with its files", () => {
    const owner = demoOwner(company);
    const byDomain = codeSearchHits(data, `"${company.domain}"`).map((h) => h.file.repository);
    const byOrg = codeSearchHits(data, `org:${owner}`).map((h) => h.file.repository);
    const byKeyword = codeSearchHits(data, `"${owner} api key"`).map((h) => h.file.repository);
    expect(new Set([...byDomain, ...byOrg, ...byKeyword])).toEqual(
      new Set(['acme-retail/storefront', 'acme-retail/vtex-io-apps', 'jdev-acme/acme-retail-scripts', 'someone/notes']),
    );
  });

  it('writes a gitleaks report the importer reads whole', () => {
    const [file] = secretsDemo({ anchor: new Date('2026-11-20T00:00:00Z'), company, index: 0, seed: 7 });
    const report = JSON.parse(String(file?.content)) as unknown[];
    expect(report.length).toBeGreaterThanOrEqual(5);
    for (const finding of report) expect(v8RecordOf(finding, 'demo.json').ok).toBe(true);
  });
});
