// /profile: the signed-in user's name, position, language, theme and picture. Every verb acts on
// the caller's own row; a picture is readable by its owner and by members of a shared company.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../app-context.js';
import { recordAudit } from '../../platform/audit/audit.repository.js';
import { ServiceError, validationError } from '../../shared/service-error.js';
import { parseLanguage } from '../preferences/preferences.service.js';
import type { AuthContext } from '../session/session.service.js';
import { findUserById, updateUser } from '../users/users.repository.js';
import type { UserRow, UserUpdate } from '../users/users.table.js';
import { deletePicture, findPicture, savePicture, shareACompany } from './account.repository.js';
import { PICTURE_CONTENT_TYPE, PICTURE_MAX_BYTES, readCapped, reencodePicture } from './picture.js';

interface Call<I = undefined> {
  ctx: AppContext;
  auth: AuthContext;
  input: I;
  ip: string | null;
}

export function toProfile(user: UserRow) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    position: user.position,
    language: parseLanguage(user.language ?? '') ?? null,
    picture: user.picture,
    theme: user.theme,
  };
}

export function pictureUrl(userId: number, version: string): string {
  return `/api/profile/picture/${userId}/${version}`;
}

async function answer(ctx: AppContext, userId: number, message: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw new ServiceError('unauthenticated', 'Unauthenticated.');
  return { message, data: toProfile(user) };
}

/** One change of the caller's row and its audit entry, in one transaction. */
async function changeOwnRow(
  { ctx, auth, ip }: Omit<Call, 'input'>,
  changes: UserUpdate,
  event: 'profile.updated' | 'profile.picture_changed' | 'profile.picture_removed' | 'theme.changed',
  details?: Record<string, unknown>,
  alsoInside?: (trx: AppContext['db']) => Promise<void>,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await alsoInside?.(trx);
    await updateUser(trx, auth.user.id, { ...changes, updated_at: now });
    await recordAudit(trx, {
      event,
      at: now,
      userId: auth.user.id,
      companyId: auth.user.current_company_id,
      ip,
      details,
    });
  });
}

export function getProfile({ ctx, auth }: Omit<Call, 'input' | 'ip'>) {
  return answer(ctx, auth.user.id, 'Profile.');
}

export async function updateProfile(call: Call<{ name: string; position?: string | null; language?: string }>) {
  const { input } = call;
  const name = input.name.trim();
  if (!name) throw validationError({ name: ['The name field is required.'] });
  const changes: UserUpdate = { name, position: input.position?.trim() || null };
  if (input.language !== undefined) changes.language = parseLanguage(input.language);
  await changeOwnRow(call, changes, 'profile.updated', { fields: Object.keys(changes) });
  return answer(call.ctx, call.auth.user.id, 'Profile saved.');
}

export async function uploadPicture(call: Call<{ body: unknown; declaredLength: number | undefined }>) {
  const { body, declaredLength } = call.input;
  if (!body || typeof (body as Readable).pipe !== 'function') {
    throw new ServiceError(
      'unsupported_type',
      'Send the image as the request body with Content-Type: application/octet-stream.',
    );
  }
  const bytes = await readCapped(body as Readable, declaredLength, PICTURE_MAX_BYTES);
  const encoded = await reencodePicture(bytes);
  const version = randomBytes(8).toString('hex');
  const userId = call.auth.user.id;
  const at = call.ctx.clock.now();
  await changeOwnRow(
    call,
    { picture: pictureUrl(userId, version) },
    'profile.picture_changed',
    { bytes: encoded.length },
    (trx) => savePicture(trx, { userId, version, contentType: PICTURE_CONTENT_TYPE, bytes: encoded, at }),
  );
  return answer(call.ctx, userId, 'Picture saved.');
}

export async function removePicture(call: Omit<Call, 'input'>) {
  await changeOwnRow(call, { picture: null }, 'profile.picture_removed', undefined, (trx) =>
    deletePicture(trx, call.auth.user.id),
  );
  return answer(call.ctx, call.auth.user.id, 'Picture removed.');
}

/** The picture bytes, for the owner or a member of a company the owner belongs to; 404 otherwise. */
export async function readPicture({ ctx, auth, input }: Omit<Call<{ userId: number; version: string }>, 'ip'>) {
  const allowed = input.userId === auth.user.id || (await shareACompany(ctx.db, auth.user.id, input.userId));
  const picture = allowed ? await findPicture(ctx.db, input.userId, input.version) : undefined;
  if (!picture) throw new ServiceError('not_found', 'Picture not found.');
  return { contentType: picture.content_type, bytes: Buffer.from(picture.bytes) };
}

export async function setTheme(call: Call<{ theme: 'light' | 'dark' | 'system' }>) {
  await changeOwnRow(call, { theme: call.input.theme }, 'theme.changed', { theme: call.input.theme });
  return answer(call.ctx, call.auth.user.id, 'Theme saved.');
}
