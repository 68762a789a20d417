// Profile pictures: byte cap (streamed), type from the bytes, re-encoding without metadata, pixel
// limit, cache-busting URL, who may see a picture, removal.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { answerOf, errorOf, validationOf } from '../../testing/api.js';
import { newTenant, type Tenant, tenantFixture } from '../../testing/monitoring.js';
import { httpUpload } from '../../testing/uploads.js';
import { PICTURE_MAX_BYTES, sniffImage } from './picture.js';

const fixture = tenantFixture('picture', { listen: true });

const octets = { 'content-type': 'application/octet-stream' };

function uploadAs(who: Tenant, bytes: Buffer, headers: Record<string, string> = octets) {
  return who.browser.post('/api/profile/picture', bytes, { token: who.token, headers });
}

async function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', size = 64): Promise<Buffer> {
  const image = sharp({ create: { width: size, height: size, channels: 3, background: '#3366cc' } });
  return image.toFormat(format).toBuffer();
}

/** A JPEG carrying EXIF with a GPS position and a camera model. */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 300, channels: 3, background: '#884422' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Secret-Model-9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2948/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4010/100',
      },
    })
    .toBuffer();
}

describe('profile picture upload', () => {
  it('re-encodes a JPEG as a 256 px WebP with no EXIF (GPS gone) and serves it with a versioned URL', async () => {
    const { app, tenant } = fixture;
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('Secret-Model-9')).toBe(true);
    const response = await uploadAs(tenant, original);
    expect(response.statusCode, response.body).toBe(200);
    const url = answerOf('uploadProfilePicture', response).data.picture;
    expect(url).toMatch(new RegExp(`^/api/profile/picture/${tenant.userId}/[0-9a-f]{16}$`));
    const served = await tenant.browser.get(url as string, { token: tenant.token });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const bytes = served.rawPayload;
    const metadata = await sharp(bytes).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(bytes.includes('Secret-Model-9')).toBe(false);
    expect(bytes.includes('GPS')).toBe(false);
    // The header's user (check-user's login answer) carries the same URL through the profile.
    const profile = await tenant.browser.get('/api/profile', { token: tenant.token });
    expect(answerOf('getProfile', profile).data.picture).toBe(url);
    // A new upload is a new URL; the old one is gone.
    const again = await uploadAs(tenant, await picture('png'));
    const newUrl = answerOf('uploadProfilePicture', again).data.picture;
    expect(newUrl).not.toBe(url);
    expect((await tenant.browser.get(url as string, { token: tenant.token })).statusCode).toBe(404);
    expect(app).toBeDefined();
  });

  it('reads the type from the bytes: PNG, WebP and GIF accepted whatever the name or header said', async () => {
    const { tenant } = fixture;
    const png = await picture('png');
    expect(sniffImage(png)).toBe('png');
    // A PNG sent as "photo.jpg" with an image/jpeg type by a client: the bytes decide.
    const renamed = await tenant.browser.post('/api/profile/picture', png, {
      token: tenant.token,
      headers: { ...octets, 'x-file-name': 'photo.jpg' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const format of ['webp', 'gif'] as const) {
      const response = await uploadAs(tenant, await picture(format));
      expect(response.statusCode, `${format}: ${response.body}`).toBe(200);
    }
  });

  it('refuses what is not an image, garbage behind a signature, and polyglots', async () => {
    const { tenant } = fixture;
    const png = await picture('png');
    const jpeg = await picture('jpeg');
    const cases: [string, Buffer][] = [
      ['text', Buffer.from('hello, this is not a picture')],
      ['html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['jpeg signature then garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4000, 0x41)])],
      ['gif header with a script', Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//')],
      ['png signature, jpeg body', Buffer.concat([png.subarray(0, 8), jpeg])],
      ['truncated png', png.subarray(0, Math.floor(png.length / 2))],
    ];
    for (const [label, bytes] of cases) {
      const response = await uploadAs(tenant, bytes);
      expect(response.statusCode, label).toBe(422);
      expect(validationOf(response), label).toMatchObject({
        errors: { picture: ['The file is not a JPEG, PNG, WebP or GIF image.'] },
      });
    }
    const json415 = await tenant.browser.post('/api/profile/picture', { a: 1 }, { token: tenant.token });
    expect(json415.statusCode).toBe(415);
  });

  it('refuses a decompression bomb (more than 40 megapixels) before decoding it', async () => {
    const { tenant } = fixture;
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9, palette: true, colours: 2 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(PICTURE_MAX_BYTES);
    const response = await uploadAs(tenant, bomb);
    expect(response.statusCode).toBe(422);
    expect(validationOf(response)).toMatchObject({
      errors: { picture: ['The image is too large (more than 40 megapixels).'] },
    });
  });

  it('refuses 2 MB + 1 byte with 413, by its declared length or while streaming, without reading the rest', async () => {
    const { app, tenant } = fixture;
    const exact = Buffer.concat([await picture('jpeg'), Buffer.alloc(PICTURE_MAX_BYTES)]).subarray(
      0,
      PICTURE_MAX_BYTES + 1,
    );
    const declared = await uploadAs(tenant, exact);
    expect(declared.statusCode).toBe(413);
    expect(errorOf(declared)).toEqual({ message: 'The picture must be at most 2 MB.' });
    // The rest of the body is never read, so the connection cannot carry another request.
    expect(declared.headers.connection).toBe('close');
    // Streamed without a length: the server stops at the cap; the sender could not push 64 MiB.
    let produced = 0;
    async function* endless() {
      produced = 0;
      const head = await picture('jpeg');
      produced += head.length;
      yield head;
      for (let i = 0; i < 256; i += 1) {
        produced += 256 * 1024;
        yield Buffer.alloc(256 * 1024, 0x41);
      }
    }
    const streamed = await httpUpload(app, tenant, '', endless, { path: '/api/profile/picture' });
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toEqual({ message: 'The picture must be at most 2 MB.' });
    expect(produced).toBeLessThan(16 * 1024 * 1024);
    // Exactly at the cap is not refused for its size (it is a JPEG with trailing bytes).
    const atCap = await uploadAs(tenant, exact.subarray(0, PICTURE_MAX_BYTES));
    expect(atCap.statusCode).not.toBe(413);
  });
});

describe('who sees a picture', () => {
  it('the owner and members of a shared company; others, old versions and bad paths get 404/422', async () => {
    const { app, tenant } = fixture;
    const owner = await newTenant(app, 'pic-owner');
    const colleague = await newTenant(app, 'pic-colleague', { join: owner, role: 'viewer' });
    const stranger = await newTenant(app, 'pic-stranger');
    const url = answerOf('uploadProfilePicture', await uploadAs(owner, await picture('png'))).data.picture as string;
    expect((await owner.browser.get(url, { token: owner.token })).statusCode).toBe(200);
    expect((await colleague.browser.get(url, { token: colleague.token })).statusCode).toBe(200);
    for (const other of [stranger, tenant]) {
      const refused = await other.browser.get(url, { token: other.token });
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused)).toEqual({ message: 'Picture not found.' });
    }
    const signedOut = await app.inject({ method: 'GET', url });
    expect(signedOut.statusCode).toBe(401);
    const badVersion = await owner.browser.get(`/api/profile/picture/${owner.userId}/not-hex`, { token: owner.token });
    expect(badVersion.statusCode).toBe(422);
  });

  it('removes a picture: the URL is gone and the profile has none', async () => {
    const { tenant } = fixture;
    const url = answerOf('uploadProfilePicture', await uploadAs(tenant, await picture('png'))).data.picture as string;
    const removed = await tenant.browser.call('DELETE', '/api/profile/picture', { token: tenant.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(answerOf('removeProfilePicture', removed).data.picture).toBeNull();
    expect((await tenant.browser.get(url, { token: tenant.token })).statusCode).toBe(404);
    const audit = await fixture.app.ctx.db
      .selectFrom('audit_events')
      .select('event')
      .where('user_id', '=', tenant.userId)
      .where('event', 'like', 'profile.picture%')
      .execute();
    expect(audit.map((a) => a.event)).toContain('profile.picture_removed');
  });
});
