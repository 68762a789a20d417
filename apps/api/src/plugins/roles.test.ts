// The role matrix, generated from the contract: every operation the app serves, called by a member
// of each role of one company, answers 403 with the same message exactly when its x-roles leave the
// role out, before its input is even read (a path id of 1, no body); otherwise anything but 403.
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../testing/flows.js';
import { newTenant, type Tenant } from '../testing/monitoring.js';
import { openTestDatabase, type TestDatabase, testApp, type VigilApp } from '../testing/test-app.js';
import { apiRoutesPlugin, contractOperations, type OpenApiDocument, ROLE_REFUSED, ROLES } from './api-routes.plugin.js';

let database: TestDatabase;
let app: VigilApp;
const members = new Map<string, Tenant>();

beforeAll(async () => {
  database = await openTestDatabase();
  ({ app } = await testApp(database));
  const administrator = await newTenant(app, 'roles', { role: 'administrator' });
  members.set('administrator', administrator);
  members.set('analyst', await newTenant(app, 'roles', { join: administrator, role: 'analyst' }));
  members.set('viewer', await newTenant(app, 'roles', { join: administrator, role: 'viewer' }));
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('roles on every operation', () => {
  it('every operation declares the roles it allows', () => {
    for (const op of contractOperations(app.contract)) {
      expect(op.roles?.length, op.operationId).toBeGreaterThan(0);
      expect(op.secured || op.roles?.includes('anyone'), op.operationId).toBe(true);
    }
  });

  it('does not start with an operation that declares no roles', async () => {
    const contract = structuredClone(app.contract) as OpenApiDocument;
    const health = contract.paths['/health']?.get as Record<string, unknown>;
    delete health['x-roles'];
    const bare = Fastify();
    await bare.register(fastifyCookie);
    await bare.register(fastifyRateLimit, { global: false });
    bare.register(apiRoutesPlugin, {
      deps: { ctx: app.ctx, oidc: undefined, cookies: { secure: false } },
      routes: {},
      contract,
      sensitivePerMinute: 10,
    });
    await expect(bare.ready()).rejects.toThrow('Operation getHealth must declare x-roles');
    await bare.close();
  });

  it('refuses a viewer every change: triage, imports, settings', () => {
    const viewerWrites = contractOperations(app.contract).filter(
      (op) => op.secured && op.method !== 'GET' && op.roles?.includes('viewer'),
    );
    // What a viewer may still send: its own session, second factor, language, current company,
    // alert rules, its own account (profile, picture, password, sessions, theme), its own API tokens
    // (which never act beyond its role) and its advisor
    // questions and conversations (the advisor and its MCP tools only read).
    expect(viewerWrites.map((op) => op.operationId).sort()).toEqual([
      'activateUser',
      'advisorMcp',
      'askAdvisor',
      'changePassword',
      'checkUser',
      'confirmAuthenticator',
      'createAlertRule',
      'createApiToken',
      'deleteAdvisorConversation',
      'deleteAlertRule',
      'disableAuthenticator',
      'logout',
      'regenerateRecoveryCodes',
      'removeProfilePicture',
      'revokeAccountSession',
      'revokeApiToken',
      'revokeOtherSessions',
      'setTheme',
      'startAuthenticator',
      'switchClient',
      'switchLanguage',
      'updateAlertRule',
      'updateProfile',
      'uploadProfilePicture',
    ]);
  });

  const secured = () => contractOperations(app.contract).filter((op) => op.secured);
  it.each(ROLES)('answers %s exactly as the contract declares', async (role) => {
    const who = members.get(role);
    if (!who) throw new Error(role);
    for (const op of secured()) {
      if (op.operationId === 'logout') continue;
      const url = `/api${op.path.replace(/\{[^}]+\}/g, '1')}`;
      const response = await who.browser.call(op.method as 'GET', url, { token: who.token });
      const refused = response.statusCode === 403 && json<{ message?: string }>(response).message === ROLE_REFUSED;
      expect(refused, `${role} ${op.method} ${op.path}: ${response.statusCode} ${response.body.slice(0, 120)}`).toBe(
        !op.roles?.includes(role),
      );
    }
  });
});
