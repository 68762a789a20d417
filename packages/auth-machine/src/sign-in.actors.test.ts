import { describe, expect, it } from 'vitest';
import { MODEL_EMAIL, MODEL_SERVER_USER, MODEL_TOKEN, MODEL_USER } from './auth.model.js';
import { SESSION_KEYS } from './constants.js';
import {
  CALLBACK_INVALID,
  handleMicrosoftCallback,
  type MicrosoftCallbackParams,
  RETRIEVE_TOKEN_MISSING,
  STATE_INVALID,
  STATE_MISSING,
  STATE_NOT_STORED,
  startMicrosoftSignIn,
  startMicrosoftSignUp,
} from './sign-in.actors.js';
import { createFakeWorld } from './testing/fake-world.js';

async function callback(params: MicrosoftCallbackParams, storedState?: string) {
  const world = createFakeWorld();
  world.storage.session.setItem(SESSION_KEYS.token, 'old');
  world.storage.session.setItem(SESSION_KEYS.tempToken, 'old-temp');
  if (storedState) world.storage.session.setItem(SESSION_KEYS.oauthState, storedState);
  const result = handleMicrosoftCallback(world.ports, params).then(
    (value) => ({ value }),
    (error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }),
  );
  return { world, result };
}

describe('Microsoft callback (spec §4)', () => {
  it('clears old tokens first, even when it fails', async () => {
    const { world, result } = await callback({});
    expect(await result).toEqual({ error: CALLBACK_INVALID });
    expect(world.storage.session.getItem(SESSION_KEYS.token)).toBeNull();
    expect(world.storage.session.getItem(SESSION_KEYS.tempToken)).toBeNull();
    expect(world.logs).toContainEqual({ level: 'error', message: CALLBACK_INVALID });
  });

  it.each([
    [{ code: 'c' }, 'st', STATE_MISSING],
    [{ state: 'st', code: 'c' }, undefined, STATE_NOT_STORED],
    [{ state: 'other', code: 'c' }, 'st', STATE_INVALID],
  ] as const)('state check %j with stored %s fails with %s', async (params, stored, message) => {
    const { result } = await callback(params, stored);
    expect(await result).toEqual({ error: message });
  });

  it('removes the stored state after a match', async () => {
    const { world, result } = await callback(
      { state: 'st', code: 'c', two_factor_required: 'true', user_id: '7', email: MODEL_EMAIL },
      'st',
    );
    expect(await result).toEqual({ value: { kind: 'twoFactor', userId: 7, email: MODEL_EMAIL, method: 'email' } });
    expect(world.storage.session.getItem(SESSION_KEYS.oauthState)).toBeNull();
  });

  it('status=error with active validation returns the validation-required result', async () => {
    const { result } = await callback({ status: 'error', active_validation_required: 'true', message: 'Wait.' });
    expect(await result).toEqual({ value: { kind: 'activeValidation', message: 'Wait.', details: null } });
  });

  it("status=error 'Domain not recognized' becomes the Portuguese message with the e-mail", async () => {
    const { result } = await callback({ status: 'error', message: 'Domain not recognized', email: 'x@foo.test' });
    expect(await result).toEqual({ error: 'Domínio não reconhecido: x@foo.test' });
  });

  it('status=error otherwise fails with its message, else the catalogue fallback', async () => {
    expect(await (await callback({ status: 'error', message: 'Denied.' })).result).toEqual({ error: 'Denied.' });
    expect(await (await callback({ status: 'error' })).result).toEqual({ error: 'Failed to process Microsoft login.' });
  });

  it('active validation without tokens, terms and two factor come from the query', async () => {
    expect(await (await callback({ active_validation_required: '1', message: 'Wait.' })).result).toEqual({
      value: { kind: 'activeValidation', message: 'Wait.', details: null },
    });
    const terms = await callback({ terms_accepted_required: 'true', user_id: '7', email: MODEL_EMAIL });
    expect(await terms.result).toEqual({ value: { kind: 'terms', userId: 7, email: MODEL_EMAIL, message: null } });
    expect(terms.world.storage.cookies.get('auth_user_id')).toBe('7');
  });

  it('exchanges redirect_key and temp_token for the session', async () => {
    const { world, result } = await callback({ redirect_key: 'rk', temp_token: 'tt' });
    const args = await world.answer({
      operation: 'retrieveMicrosoftToken',
      status: 200,
      body: { access_token: MODEL_TOKEN, user: MODEL_SERVER_USER },
    });
    expect(args).toEqual([{ redirect_key: 'rk', temp_token: 'tt' }]);
    expect(await result).toEqual({ value: { kind: 'session', token: MODEL_TOKEN, user: MODEL_USER } });
    expect(world.storage.session.getItem(SESSION_KEYS.token)).toBe(MODEL_TOKEN);
  });

  it('holds a two-factor answer with tokens aside as temp_token and temp_encryptedUser', async () => {
    const { world, result } = await callback({ redirect_key: 'rk', temp_token: 'tt' });
    await world.answer({
      operation: 'retrieveMicrosoftToken',
      status: 200,
      body: { access_token: 'tmp', user: MODEL_SERVER_USER, two_factor_required: true, user_id: 7, email: MODEL_EMAIL },
    });
    expect(await result).toEqual({ value: { kind: 'twoFactor', userId: 7, email: MODEL_EMAIL, method: 'email' } });
    expect(world.storage.session.getItem(SESSION_KEYS.tempToken)).toBe('tmp');
    expect(await world.decrypted(SESSION_KEYS.tempEncryptedUser)).toEqual(MODEL_SERVER_USER);
  });

  it('fails when the exchange answers no token or user', async () => {
    const { world, result } = await callback({ redirect_key: 'rk', temp_token: 'tt' });
    await world.answer({ operation: 'retrieveMicrosoftToken', status: 200, body: { access_token: MODEL_TOKEN } });
    expect(await result).toEqual({ error: RETRIEVE_TOKEN_MISSING });
  });
});

describe('Microsoft start', () => {
  it('sign-up keeps oauth_state and answers the external url', async () => {
    const world = createFakeWorld();
    const result = startMicrosoftSignUp(world.ports, { login_hint: MODEL_EMAIL });
    await world.answer({ operation: 'startMicrosoftSignUp', status: 200, body: { url: 'https://ms/a', state: 's1' } });
    expect(await result).toEqual({ kind: 'external', url: 'https://ms/a' });
    expect(world.storage.session.getItem(SESSION_KEYS.oauthState)).toBe('s1');
  });

  it('sign-in returns the 403 flags as a step', async () => {
    const world = createFakeWorld();
    const result = startMicrosoftSignIn(world.ports);
    await world.answer({
      operation: 'startMicrosoftSignIn',
      status: 403,
      body: { message: 'Terms.', terms_accepted_required: true, user_id: 7, email: MODEL_EMAIL },
    });
    expect(await result).toEqual({ kind: 'terms', userId: 7, email: MODEL_EMAIL, message: 'Terms.' });
  });
});
