import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { PORTS_MISSING } from './auth.actors.js';
import { authMachine } from './auth.machine.js';
import { MODEL_EMAIL, MODEL_SERVER_USER, MODEL_TOKEN } from './auth.model.js';
import { TWO_FACTOR_REDIRECT_FAILED, TWO_FACTOR_STEP_MISSING } from './auth.transitions.js';
import { COOKIE_NAMES, INACTIVITY_CHECK_INTERVAL_MS, SESSION_EXPIRED_MESSAGE, SESSION_KEYS } from './constants.js';
import { createFakeWorld, type FakeWorld } from './testing/fake-world.js';
import { signedIn, start } from './testing/start.js';

const SESSION = { access_token: MODEL_TOKEN, token_type: 'Bearer', expires_in: 60, user: MODEL_SERVER_USER };

const count = (world: FakeWorld, operation: string) => world.calls.filter((c) => c.operation === operation).length;

describe('inactivity check (simulated clock, no real sleeps)', () => {
  it('posts /check-user once at start-up and every 1,800,000 ms while signed in', async () => {
    const world = createFakeWorld();
    const { actor, clock } = await signedIn(world);
    expect(count(world, 'checkUser')).toBe(1);
    await world.answer({ operation: 'checkUser', status: 200, body: { status: 'active' } });
    await waitFor(actor, (s) => s.matches({ authenticated: { inactivity: 'waiting' } }));
    clock.increment(INACTIVITY_CHECK_INTERVAL_MS - 1);
    expect(count(world, 'checkUser')).toBe(1);
    clock.increment(1);
    expect(count(world, 'checkUser')).toBe(2);
    // A failure is only logged; the next check still comes 30 minutes later.
    await world.answer({ operation: 'checkUser', status: 500, body: { message: 'Down.' } });
    await waitFor(actor, (s) => s.matches({ authenticated: { inactivity: 'waiting' } }));
    expect(world.logs).toContainEqual({ level: 'error', message: 'Inactivity check failed.' });
    expect(actor.getSnapshot().hasTag('authenticated')).toBe(true);
    clock.increment(INACTIVITY_CHECK_INTERVAL_MS);
    expect(count(world, 'checkUser')).toBe(3);
  });

  it('starts the interval after sign-in without an immediate check, and stops it on logout', async () => {
    const world = createFakeWorld();
    const { actor, clock, navigations } = await start(world);
    await waitFor(actor, (s) => s.matches({ signedOut: { view: 'signIn' } }));
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x' });
    await world.answer({ operation: 'login', status: 200, body: SESSION });
    await waitFor(actor, (s) => s.hasTag('authenticated'));
    expect(navigations).toEqual([{ kind: 'path', path: '/' }]);
    expect(count(world, 'checkUser')).toBe(0);
    clock.increment(INACTIVITY_CHECK_INTERVAL_MS);
    expect(count(world, 'checkUser')).toBe(1);
    actor.send({ type: 'auth.logout' });
    await world.answer({ operation: 'logout', status: 200, body: { message: 'Bye.' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    clock.increment(INACTIVITY_CHECK_INTERVAL_MS * 3);
    expect(count(world, 'checkUser')).toBe(1);
  });

  it('an idle-session 401 logs the spec message, clears both stores and goes to Signin', async () => {
    const world = createFakeWorld();
    const { actor, navigations } = await signedIn(world);
    await world.answer({ operation: 'checkUser', status: 401, body: { message: SESSION_EXPIRED_MESSAGE } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(world.logs).toContainEqual({ level: 'info', message: SESSION_EXPIRED_MESSAGE });
    expect(world.storage.session.entries()).toEqual({});
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(navigations).toEqual([{ kind: 'route', name: 'Signin' }]);
  });
});

describe('logout (spec §4)', () => {
  it('calls the server, clears every listed key, expires the access cookie and goes to Signin', async () => {
    const world = createFakeWorld();
    const { actor, navigations } = await signedIn(world);
    for (const key of Object.values(SESSION_KEYS)) world.storage.session.setItem(key, 'x');
    actor.send({ type: 'auth.logout' });
    await world.answer({ operation: 'logout', status: 500, body: { message: 'Down.' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    // The verification id is not in the spec's list; everything else goes.
    expect(world.storage.session.entries()).toEqual({ [SESSION_KEYS.verificationUserId]: 'x' });
    expect(world.storage.cookieLog).toContainEqual({ name: COOKIE_NAMES.accessToken, value: '', maxAgeSeconds: 0 });
    expect(world.logs).toContainEqual({ level: 'error', message: 'Logout failed.' });
    expect(navigations).toEqual([{ kind: 'route', name: 'Signin' }]);
  });

  it('is skipped without a token', async () => {
    const world = createFakeWorld();
    const { actor } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.logout' });
    expect(actor.getSnapshot().matches({ signedOut: { view: 'signIn' } })).toBe(true);
    expect(count(world, 'logout')).toBe(0);
  });

  it('checkAuth: a stored token without a readable user logs out', async () => {
    const world = createFakeWorld();
    world.storage.session.setItem(SESSION_KEYS.token, MODEL_TOKEN);
    world.storage.session.setItem(SESSION_KEYS.encryptedUser, 'not-encrypted');
    const { actor, navigations } = await start(world);
    await waitFor(actor, (s) => s.matches('loggingOut'));
    await world.answer({ operation: 'logout', status: 200, body: { message: 'Bye.' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(world.storage.session.getItem(SESSION_KEYS.token)).toBeNull();
    expect(navigations).toEqual([{ kind: 'route', name: 'Signin' }]);
  });
});

describe('sign-in details', () => {
  it('goes to the redirect target, and to / when that navigation fails', async () => {
    const world = createFakeWorld();
    const { actor, navigations } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x', redirect: '/report' });
    await world.answer({ operation: 'login', status: 200, body: SESSION });
    await waitFor(actor, (s) => s.hasTag('authenticated'));
    actor.send({ type: 'auth.navigation.failed', target: { kind: 'path', path: '/report' } });
    expect(navigations).toEqual([
      { kind: 'path', path: '/report' },
      { kind: 'path', path: '/' },
    ]);
  });

  it('two-factor: keeps the step, navigates with user_id and email, reports a failed redirect', async () => {
    const world = createFakeWorld();
    const { actor, navigations } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x' });
    await world.answer({
      operation: 'login',
      status: 200,
      body: { message: 'Code sent.', two_factor_required: true, user_id: 7, email: MODEL_EMAIL },
    });
    await waitFor(actor, (s) => s.matches({ signedOut: { view: 'twoFactor' } }));
    expect(navigations).toEqual([
      { kind: 'route', name: 'TwoStepVerification', query: { user_id: '7', email: MODEL_EMAIL } },
    ]);
    actor.send({ type: 'auth.navigation.failed', target: navigations[0] ?? { kind: 'path', path: '/' } });
    expect(actor.getSnapshot().context.error).toBe(TWO_FACTOR_REDIRECT_FAILED);
    actor.send({ type: 'auth.twoFactor.verify', code: '123456' });
    expect(world.calls.at(-1)).toEqual({ operation: 'verifyTwoFactor', args: [{ user_id: 7, code: '123456' }] });
    await world.answer({ operation: 'verifyTwoFactor', status: 200, body: SESSION });
    await waitFor(actor, (s) => s.hasTag('authenticated'));
    expect(world.storage.session.getItem(SESSION_KEYS.twoFactorUserId)).toBeNull();
    expect(world.storage.session.getItem(SESSION_KEYS.token)).toBe(MODEL_TOKEN);
  });

  it('two-factor without user_id fails with the login-response message', async () => {
    const world = createFakeWorld();
    const { actor } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x' });
    await world.answer({ operation: 'login', status: 200, body: { message: 'Code.', two_factor_required: true } });
    await waitFor(actor, (s) => s.matches({ signedOut: { view: 'signIn' } }));
    expect(actor.getSnapshot().context.error).toBe('User ID missing in login response.');
  });

  it('opening the two-factor step without a user id fails with decision 3 wording', async () => {
    const world = createFakeWorld();
    const { actor } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.twoFactor.open' });
    expect(actor.getSnapshot().context.error).toBe(TWO_FACTOR_STEP_MISSING);
    actor.send({ type: 'auth.twoFactor.open', userId: 7, email: MODEL_EMAIL });
    expect(world.storage.session.getItem(SESSION_KEYS.twoFactorUserId)).toBe('7');
  });

  it('a login answer without a token fails with the spec message', async () => {
    const world = createFakeWorld();
    const { actor } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x' });
    await world.answer({ operation: 'login', status: 200, body: { message: 'Hm.' } });
    await waitFor(actor, (s) => s.matches({ signedOut: { view: 'signIn' } }));
    expect(actor.getSnapshot().context.error).toBe('Token not found in API response');
  });

  it('a session with an empty user fails with the transform message', async () => {
    const world = createFakeWorld();
    const { actor } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x' });
    await world.answer({ operation: 'login', status: 200, body: { ...SESSION, user: {} } });
    await waitFor(actor, (s) => s.matches({ signedOut: { view: 'signIn' } }));
    expect(actor.getSnapshot().context.error).toBe('Failed to transform user data.');
  });

  it('a 401 reported by the app (auth.unauthorized) ends the session without the log line for other messages', async () => {
    const world = createFakeWorld();
    const { actor, navigations } = await signedIn(world);
    actor.send({ type: 'auth.unauthorized', message: 'Unauthenticated.' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(world.logs.filter((l) => l.level === 'info')).toEqual([]);
    expect(navigations).toEqual([{ kind: 'route', name: 'Signin' }]);
  });

  it('switching language updates the stored user and asks the app to load the messages', async () => {
    const world = createFakeWorld();
    const { actor } = await signedIn(world);
    const languages: string[] = [];
    actor.on('language', (e) => languages.push(e.language));
    actor.send({ type: 'auth.language.switch', language: 'pt-br' });
    await world.answer({ operation: 'switchLanguage', status: 200, body: { status: 'error', message: '' } });
    await waitFor(actor, (s) => s.matches({ authenticated: { activity: 'idle' } }));
    expect(actor.getSnapshot().context.error).toBe('Failed to switch language');
    actor.send({ type: 'auth.language.switch', language: 'pt-br' });
    await world.answer({ operation: 'switchLanguage', status: 200, body: { status: 'success', message: 'ok' } });
    await waitFor(actor, (s) => s.matches({ authenticated: { activity: 'idle' } }));
    expect(languages).toEqual(['pt-br']);
    expect(await world.decrypted(SESSION_KEYS.encryptedUser)).toMatchObject({ language: 'pt-br' });
  });
});

describe('the bare definition', () => {
  it('refuses to run without ports', async () => {
    const actor = createActor(authMachine);
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(errors).toEqual([new Error(PORTS_MISSING)]);
  });
});
