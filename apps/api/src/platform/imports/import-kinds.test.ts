// GET /imports/kinds: the web's import kinds come from the module registry. Every registered
// importer is listed to a platform operator, the platform's flagged; a company member gets the
// company kinds alone (the platform's would be refused with 403); each kind's name and format are
// messages of its module's web locales in all six languages, and its files have media types.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiOf, ok } from '../../testing/api.js';
import { newTenant, platformOperator, tenantFixture } from '../../testing/monitoring.js';
import { mediaTypeOf } from './import-kinds.js';

const fixture = tenantFixture('import-kinds');
const web = join(dirname(fileURLToPath(import.meta.url)), '../../../../web/src/modules');
const LANGUAGES = ['en', 'pt-br', 'pt', 'es', 'fr', 'de'];

const kindsOf = async (who: { browser: Parameters<typeof apiOf>[0]; token: string }) =>
  (await ok(apiOf(who.browser, who.token).GET('/imports/kinds'))).data;

/** The message at a dotted key of a module's web locale, or undefined. */
function messageAt(module: string, language: string, key: string): unknown {
  const messages: unknown = JSON.parse(readFileSync(join(web, module, 'locales', `${language}.json`), 'utf8'));
  return key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], messages);
}

describe('the import kinds', () => {
  it('lists every registered importer to a platform operator, the platform ones flagged', async () => {
    const { app } = fixture;
    const kinds = await kindsOf(await platformOperator(app));
    const registered = app.ctx.modules.importKinds.map((kind) => app.ctx.modules.importer(kind));
    expect(registered.length).toBeGreaterThanOrEqual(20);
    expect(kinds.map((k) => [k.kind, k.module, k.platform])).toEqual(
      registered.map((i) => [i.kind, i.module, i.platform === true]),
    );
    expect(kinds.filter((k) => k.platform).map((k) => k.kind)).toEqual(['nvd', 'kev', 'epss', 'ghdb']);
    const infostealer = kinds.find((k) => k.kind === 'infostealer');
    expect(infostealer).toMatchObject({
      module: 'credentials',
      label_key: 'credentials.importers.infostealer.label',
      format_key: 'credentials.importers.infostealer.format',
      archives: true,
      max_bytes: app.ctx.limits.uploadBytes,
    });
    expect(infostealer?.media_types).toContain('application/zip');
    expect(kinds.filter((k) => k.archives).map((k) => k.kind)).toEqual(['infostealer']);
  });

  it('lists the company kinds alone to a company member, in every role', async () => {
    const { app, tenant } = fixture;
    const expected = app.ctx.modules.importKinds.filter((kind) => app.ctx.modules.importer(kind).platform !== true);
    expect((await kindsOf(tenant)).map((k) => k.kind)).toEqual(expected);
    const viewer = await newTenant(app, 'import-kinds-viewer', { join: tenant, role: 'viewer' });
    expect((await kindsOf(viewer)).map((k) => k.kind)).toEqual(expected);
    expect(expected).not.toContain('nvd');
    expect(expected).toContain('combolist');
  });

  it('names each kind in its module’s own web messages, in six languages, with media types for its files', async () => {
    const kinds = await kindsOf(await platformOperator(fixture.app));
    for (const kind of kinds) {
      for (const language of LANGUAGES) {
        expect(messageAt(kind.module, language, kind.label_key), `${language} ${kind.label_key}`).toEqual(
          expect.any(String),
        );
        expect(messageAt(kind.module, language, kind.format_key), `${language} ${kind.format_key}`).toEqual(
          expect.any(String),
        );
      }
      expect(kind.extensions.length, kind.kind).toBeGreaterThan(0);
      for (const ending of kind.extensions) expect(mediaTypeOf(ending), `${kind.kind} ${ending}`).toBeDefined();
    }
  });

  it('answers 401 without a session', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/imports/kinds' });
    expect(response.statusCode).toBe(401);
  });
});
