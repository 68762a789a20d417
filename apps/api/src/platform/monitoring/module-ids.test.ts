// The contract types a module id and an import kind as any short id (a new module never edits the
// shared contract); the registry decides: an id no module registered is a 422 naming the field.
import { describe, expect, it } from 'vitest';
import { validationOf } from '../../testing/api.js';
import { tenantFixture } from '../../testing/monitoring.js';

const fixture = tenantFixture('ids');
const get = (url: string) => fixture.tenant.browser.get(url, { token: fixture.tenant.token });

describe('module ids and import kinds', () => {
  it.each(['/api/events', '/api/findings', '/api/findings/export', '/api/imports'])(
    'refuses a module no one registered on %s, and takes a registered one',
    async (url) => {
      const unknown = await get(`${url}?module=nope`);
      expect(unknown.statusCode, unknown.body).toBe(422);
      expect(validationOf(unknown).errors.module).toEqual(['The selected module is invalid.']);
      expect((await get(`${url}?module=cves`)).statusCode).toBe(200);
    },
  );

  it('refuses an import kind no module registered', async () => {
    const response = await fixture.tenant.browser.post('/api/imports?kind=nope&file_name=x.txt', Buffer.from('a:b\n'), {
      token: fixture.tenant.token,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(validationOf(response).errors.kind).toEqual(['The selected kind is invalid.']);
  });
});
