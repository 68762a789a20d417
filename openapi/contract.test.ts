import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { bundleContractText, bundlePath, lintContract } from './scripts/contract.mjs';

type Operation = { operationId?: string; tags?: string[]; responses?: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

const methods = ['get', 'post', 'put', 'patch', 'delete'];

// Spec §7: every call the front end makes, with its exact method and path under /api.
const specCalls = [
  'POST /register',
  'POST /login',
  'POST /verify-two-factor',
  'POST /resend-two-factor',
  'POST /resend-verification-email',
  'GET /verify-email/{token}',
  'GET /confirm-registration/{id}/{token}',
  'POST /terms-accepted',
  'POST /password/reset-request',
  'POST /password/reset',
  'GET /get-clients',
  'POST /get-clients',
  'POST /switch-language',
  'POST /check-user',
  'POST /logout',
  'GET /auth/microsoft/register',
  'GET /auth/microsoft/login',
  'GET /auth/microsoft/login/retrieveToken',
];

// Spec §8: the statuses the error catalogue names for each action.
const catalogueStatuses: Record<string, string[]> = {
  login: ['401', '403', '404', '422'],
  register: ['422', '500'],
  verifyTwoFactor: ['401', '404'],
  resendTwoFactor: ['404'],
  acceptTerms: ['404', '422'],
  requestPasswordReset: ['404'],
  resetPassword: ['400'],
  listClients: ['400', '401', '404'],
  switchClient: ['400', '401', '404', '422'],
  switchLanguage: ['400', '401'],
  startMicrosoftSignUp: ['422', '500'],
  startMicrosoftSignIn: ['403', '422', '500'],
  retrieveMicrosoftToken: ['400', '401', '403', '404'],
};

async function committedBundle(): Promise<Document> {
  return JSON.parse(await readFile(bundlePath, 'utf8')) as Document;
}

function operations(doc: Document) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );
}

// Linting and bundling the whole contract take seconds beside other builds on two cores.
describe('the /api contract', { timeout: 60_000 }, () => {
  it('lints clean', async () => {
    const problems = await lintContract();
    expect(problems.map((p: { message: string }) => p.message)).toEqual([]);
  });

  it('is bundled: openapi.bundle.json matches the split sources (run `npm run generate` if not)', async () => {
    const fresh = await bundleContractText();
    const committed = await readFile(bundlePath, 'utf8');
    expect(committed === fresh, 'openapi.bundle.json is stale: run `npm run generate`').toBe(true);
  });

  it('holds every call of spec §7 with its exact method and path', async () => {
    const keys = operations(await committedBundle()).map((o) => o.key);
    expect(keys.filter((k) => specCalls.includes(k)).sort()).toEqual([...specCalls].sort());
  });

  it('gives every operation a unique camelCase operationId and a declared tag', async () => {
    const doc = await committedBundle();
    const declared = new Set(doc.tags.map((t) => t.name));
    const ids = operations(doc).map(({ op }) => {
      expect(op.operationId).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(op.tags?.length).toBe(1);
      expect(declared.has(op.tags?.[0] ?? '')).toBe(true);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes every status the error catalogue (spec §8) names', async () => {
    const byId = new Map(operations(await committedBundle()).map(({ op }) => [op.operationId, op]));
    for (const [operationId, statuses] of Object.entries(catalogueStatuses)) {
      const documented = Object.keys(byId.get(operationId)?.responses ?? {});
      expect(documented, operationId).toEqual(expect.arrayContaining(statuses));
    }
  });
});
