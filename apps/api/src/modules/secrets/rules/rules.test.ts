// Vigil's secret rules: every rule finds its secret and passes over a near miss; the allow-lists
// (the rule's, the set's, the company's), entropy, redaction and the fragment. Every secret here is
// FAKE, built from a fixed alphabet walk so no real credential is ever in the repository.
import { describe, expect, it } from 'vitest';
import { detect, redact, redactedFragment, shannonEntropy } from './detector.js';
import { compileRegex, parseRuleSet, RuleSetError, vigilRules } from './rule-set.js';

const UP = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LO = UP.toLowerCase();
const DIG = '0123456789';
const AN = UP + LO + DIG;
const B32 = `${UP}234567`;
const HEX = '0123456789abcdef';
/** n characters walking the alphabet by 7: varied (high entropy) and fixed. */
const mix = (alphabet: string, n: number) =>
  Array.from({ length: n }, (_, i) => alphabet[(i * 7 + 3) % alphabet.length]).join('');

const pemBody = Array.from({ length: 4 }, (_, i) => mix(`${AN}+/`, 64 - i)).join('\n');

/** [rule, text holding its secret, the secret, a near miss]. */
const cases: [string, string, string, string][] = [
  ['aws-access-key-id', `key: AKIA${mix(B32, 16)}`, `AKIA${mix(B32, 16)}`, `key: AKIA${mix(B32, 15)}`],
  [
    'aws-secret-access-key',
    `aws_secret_access_key = "${mix(`${AN}/+`, 40)}"`,
    mix(`${AN}/+`, 40),
    `aws_secret_access_key = "${mix(AN, 39)}"`,
  ],
  ['github-pat', `token = "ghp_${mix(AN, 36)}"`, `ghp_${mix(AN, 36)}`, `token = "ghp_${mix(AN, 35)}"`],
  ['github-oauth', `gho_${mix(AN, 36)}`, `gho_${mix(AN, 36)}`, `gho_${mix(AN, 30)}`],
  [
    'github-fine-grained-pat',
    `github_pat_${mix(`${AN}_`, 82)}`,
    `github_pat_${mix(`${AN}_`, 82)}`,
    `github_pat_${mix(AN, 60)}`,
  ],
  ['github-app-token', `ghs_${mix(AN, 36)}`, `ghs_${mix(AN, 36)}`, `ghx_${mix(AN, 36)}`],
  ['gitlab-pat', `"glpat-${mix(`${AN}_-`, 20)}"`, `glpat-${mix(`${AN}_-`, 20)}`, `"glpat-${mix(AN, 19)}"`],
  [
    'slack-token',
    `xoxb-1234567890123-1234567890123-${mix(AN, 24)}`,
    `xoxb-1234567890123-1234567890123-${mix(AN, 24)}`,
    `xoxb-12345-1234567890123-${mix(AN, 24)}`,
  ],
  [
    'slack-webhook-url',
    `url: https://hooks.slack.com/services/T${mix(UP + DIG, 9)}/B${mix(UP + DIG, 9)}/${mix(AN, 24)}`,
    `https://hooks.slack.com/services/T${mix(UP + DIG, 9)}/B${mix(UP + DIG, 9)}/${mix(AN, 24)}`,
    `url: https://hooks.slack.com/services/T${mix(UP + DIG, 9)}/B${mix(UP + DIG, 9)}/${mix(AN, 23)}`,
  ],
  ['stripe-live-secret-key', `sk_live_${mix(AN, 24)}`, `sk_live_${mix(AN, 24)}`, `sk_test_${mix(AN, 24)}`],
  ['google-api-key', `AIza${mix(`${AN}_-`, 35)}`, `AIza${mix(`${AN}_-`, 35)}`, `AIza${mix(AN, 34)}`],
  [
    'google-oauth-client-secret',
    `GOCSPX-${mix(`${AN}_-`, 28)}`,
    `GOCSPX-${mix(`${AN}_-`, 28)}`,
    `GOCSPX-${mix(AN, 27)}`,
  ],
  [
    'private-key',
    `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----`,
    `-----BEGIN RSA PRIVATE KEY-----\n${pemBody}\n-----END RSA PRIVATE KEY-----`,
    `-----BEGIN PUBLIC KEY-----\n${pemBody}\n-----END PUBLIC KEY-----`,
  ],
  [
    'jwt',
    `Bearer eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${mix(`${AN}_-`, 43)}`,
    `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${mix(`${AN}_-`, 43)}`,
    'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIi.abc',
  ],
  ['generic-password', `{ password: "${mix(AN, 16)}" }`, mix(AN, 16), '{ password: "abababababab" }'],
  [
    'database-url-password',
    `DATABASE_URL=postgres://app:${mix(AN, 16)}@db.acme-prod.internal:5432/shop`,
    mix(AN, 16),
    `DATABASE_URL=postgres://app:${mix(AN, 16)}@localhost:5432/shop`,
  ],
  [
    'azure-storage-account-key',
    `DefaultEndpointsProtocol=https;AccountKey=${mix(`${AN}+/`, 86)}==;`,
    `${mix(`${AN}+/`, 86)}==`,
    `AccountKey=${mix(AN, 80)}==;`,
  ],
  ['azure-ad-client-secret', `secret="Ab31Q~${mix(AN, 33)}"`, `Ab31Q~${mix(AN, 33)}`, `secret="Ab3xQ~${mix(AN, 33)}"`],
  [
    'sendgrid-api-key',
    `SG.${mix(`${AN}_-`, 22)}.${mix(`${AN}_-`, 43)}`,
    `SG.${mix(`${AN}_-`, 22)}.${mix(`${AN}_-`, 43)}`,
    `SG.${mix(AN, 22)}.${mix(AN, 40)}`,
  ],
  ['twilio-api-key', `sid: SK${mix(HEX, 32)}`, `SK${mix(HEX, 32)}`, `sid: SK${mix(HEX, 31)}`],
  ['twilio-auth-token', `TWILIO_AUTH_TOKEN=${mix(HEX, 32)}`, mix(HEX, 32), `TWILIO_ACCOUNT_SID=AC${mix(HEX, 32)}`],
  [
    'npm-access-token',
    `//registry.npmjs.org/:_authToken=npm_${mix(AN, 36)}`,
    `npm_${mix(AN, 36)}`,
    `npm_${mix(AN, 30)}`,
  ],
  [
    'vtex-app-key',
    `X-VTEX-API-AppKey: vtexappkey-acmeretail-${mix(UP + DIG, 6)}`,
    `vtexappkey-acmeretail-${mix(UP + DIG, 6)}`,
    'X-VTEX-API-AppKey: vtexappkey-acmeretail-abc',
  ],
  [
    'vtex-app-token',
    `X-VTEX-API-AppToken: ${mix(UP + DIG, 100)}`,
    mix(UP + DIG, 100),
    `X-VTEX-API-AppToken: ${mix(UP + DIG, 60)}`,
  ],
  [
    'openai-api-key',
    `OPENAI_API_KEY=sk-proj-${mix(AN, 24)}T3BlbkFJ${mix(AN, 24)}`,
    `sk-proj-${mix(AN, 24)}T3BlbkFJ${mix(AN, 24)}`,
    `OPENAI_API_KEY=sk-proj-${mix(AN, 24)}T3BlbkFX${mix(AN, 24)}`,
  ],
  ['shopify-access-token', `shpat_${mix(HEX, 32)}`, `shpat_${mix(HEX, 32)}`, `shpat_${mix(HEX, 31)}`],
  [
    'mercadopago-access-token',
    `APP_USR-1234567890123456-112233-${mix(HEX, 32)}-123456789`,
    `APP_USR-1234567890123456-112233-${mix(HEX, 32)}-123456789`,
    `TEST-1234567890123456-112233-${mix(HEX, 32)}-123456789`,
  ],
  [
    'telegram-bot-token',
    `bot = "123456789:AA${mix(`${AN}_-`, 33)}"`,
    `123456789:AA${mix(`${AN}_-`, 33)}`,
    `bot = "123456789:AB${mix(`${AN}_-`, 33)}"`,
  ],
];

const rules = vigilRules();
const found = (text: string, path = 'src/config.js') => detect(rules, text, path);

describe("Vigil's rule set", () => {
  it('parses in the gitleaks format, with every rule covered here', () => {
    expect(rules.rules.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.map(([id]) => id))).toEqual(new Set(rules.rules.map((r) => r.id)));
    expect(rules.rules.find((r) => r.id === 'private-key')?.severity).toBe('critical');
  });

  it.each(cases)('%s: finds the secret and passes over a near miss', (id, text, secret, nearMiss) => {
    const hits = found(`const a = 1;\n${text}\n`).filter((d) => d.ruleId === id);
    expect(hits.map((d) => d.secret)).toEqual([secret]);
    expect(hits[0]?.line).toBe(2);
    expect(hits[0]?.fragment).not.toContain(secret.split('\n')[0]);
    expect(found(nearMiss).filter((d) => d.ruleId === id)).toEqual([]);
  });

  it("keeps the set's allow-list: stopwords and paths", () => {
    expect(found('key: AKIAIOSFODNN7EXAMPLE')).toEqual([]);
    expect(found(`token = "ghp_${mix(AN, 36)}"`, 'web/node_modules/x/index.js')).toEqual([]);
    // An environment reference in a template, not a value.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of the reference
    expect(found('password: "${DB_PASSWORD}"')).toEqual([]);
  });

  it("keeps the company's allow-list: a path, a secret regex, a stopword, a fingerprint", () => {
    const text = `token = "ghp_${mix(AN, 36)}"`;
    const list = (over: Partial<Parameters<typeof detect>[3] & object>) => ({
      lists: [],
      fingerprints: new Set<string>(),
      ...over,
    });
    const allow = (kind: 'paths' | 'regexes' | 'stopwords', value: string) =>
      list({
        lists: [
          {
            description: '',
            condition: 'OR',
            regexTarget: 'secret',
            regexes: kind === 'regexes' ? [compileRegex(value, 'test')] : [],
            paths: kind === 'paths' ? [compileRegex(value, 'test')] : [],
            stopwords: kind === 'stopwords' ? [value.toLowerCase()] : [],
          },
        ],
      });
    expect(detect(rules, text, 'test/fixtures/a.js', list({}))).toHaveLength(1);
    expect(detect(rules, text, 'test/fixtures/a.js', allow('paths', '^test/'))).toEqual([]);
    expect(detect(rules, text, 'a.js', allow('regexes', '^ghp_'))).toEqual([]);
    expect(detect(rules, text, 'a.js', allow('stopwords', mix(AN, 6)))).toEqual([]);
    const pinned = list({ fingerprints: new Set(['acme/web:a.js:github-pat:1']) });
    expect(detect(rules, text, 'a.js', pinned, 'acme/web')).toEqual([]);
    expect(detect(rules, text, 'a.js', pinned, 'acme/api')).toHaveLength(1);
  });

  it('redacts every secret of the line in the fragment, keeping at most four characters each side', () => {
    const github = `ghp_${mix(AN, 36)}`;
    const stripe = `sk_live_${mix(AN, 24)}`;
    const [first, second] = found(`keys = ["${github}", "${stripe}"]`);
    for (const d of [first, second]) {
      expect(d?.fragment).not.toContain(github);
      expect(d?.fragment).not.toContain(stripe);
    }
    expect(first?.fragment).toContain(redact(github));
    expect(redact(github)).toBe(`ghp_************${github.slice(-4)}`);
    expect(redact('short')).toBe('********');
    expect(redactedFragment(`x = "${stripe}"`, stripe)).toBe(`x = "${redact(stripe)}"`);
  });

  it('measures Shannon entropy and refuses a secret under the floor', () => {
    expect(shannonEntropy('aaaa')).toBe(0);
    expect(shannonEntropy('abcd')).toBe(2);
    expect(found(`ghp_${'a'.repeat(36)}`)).toEqual([]);
  });

  it('names the rule that does not compile or is malformed', () => {
    expect(() => parseRuleSet("[[rules]]\nid = \"bad\"\nregex = '''(?<=x)y'''")).toThrow(/bad: the regex/);
    expect(() => parseRuleSet('[[rules]]\nid = "Bad Id"\nregex = "x"')).toThrow(RuleSetError);
    expect(() => parseRuleSet('[[rules]]\nid = "g"\nregex = "x"\nsecretGroup = 2')).toThrow(/secretGroup/);
    expect(() => parseRuleSet('rules = [')).toThrow(/Not valid TOML/);
  });
});
