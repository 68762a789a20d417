import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { MODEL_EMAIL, MODEL_SERVER_USER, MODEL_TOKEN } from './auth.model.js';
import { SESSION_ENDED_MESSAGE, SESSION_EXPIRED_MESSAGE } from './constants.js';
import { createFakeWorld } from './testing/fake-world.js';
import { signedIn, start } from './testing/start.js';

// What a screen is told after a password reset and after a session the server refused: the two
// outcomes a user otherwise met with nothing to go on (issue 14).

const RESET_FORM = { email: MODEL_EMAIL, password: 'new-secret', password_confirmation: 'new-secret', token: 't' };
const DONE = 'Your password has been reset. You can sign in with the new password.';

describe('password reset (spec §4, §8)', () => {
  it('a reset that succeeds is its own view, with the server message, from which the user signs in', async () => {
    const world = createFakeWorld();
    const { actor, navigations } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.password.reset', form: RESET_FORM });
    expect(world.calls.at(-1)).toEqual({ operation: 'resetPassword', args: [RESET_FORM] });
    await world.answer({ operation: 'resetPassword', status: 200, body: { message: DONE } });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches({ signedOut: { view: 'passwordReset' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ notice: DONE, error: null });
    expect(navigations).toEqual([]);
    // Every signed-out event is open there: signing in with the new password, or going back.
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'new-secret' });
    expect(actor.getSnapshot().matches({ signedOut: 'signingIn' })).toBe(true);
  });

  it('a refused reset stays on the form view with the catalogue message', async () => {
    const world = createFakeWorld();
    const { actor } = await start(world);
    await waitFor(actor, (s) => s.matches('signedOut'));
    actor.send({ type: 'auth.password.reset', form: RESET_FORM });
    await world.answer({ operation: 'resetPassword', status: 400, body: {} });
    await waitFor(actor, (s) => !s.hasTag('busy'));
    expect(actor.getSnapshot().matches({ signedOut: { view: 'signIn' } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Invalid or expired reset token.', notice: null });
  });
});

describe('a session the server ends (spec §4 "401 on any call")', () => {
  it('an idle session refused at the inactivity check tells the sign-in view why, with the spec message', async () => {
    const world = createFakeWorld();
    const { actor } = await signedIn(world);
    await world.answer({ operation: 'checkUser', status: 401, body: { message: SESSION_EXPIRED_MESSAGE } });
    await waitFor(actor, (s) => s.matches({ signedOut: { view: 'signIn' } }));
    expect(actor.getSnapshot().context).toMatchObject({
      token: null,
      user: null,
      sessionEnded: { reason: 'inactivity', message: SESSION_EXPIRED_MESSAGE },
    });
  });

  it.each([
    ['a revoked session (any call of the app)', 'Unauthenticated.'],
    ['a session past its lifetime', 'Session expired. Please sign in again.'],
    ['a 401 without a message', null],
  ])('%s: the sign-in view says the session ended', async (_name, message) => {
    const world = createFakeWorld();
    const { actor } = await signedIn(world);
    actor.send({ type: 'auth.unauthorized', message });
    expect(actor.getSnapshot().context.sessionEnded).toEqual({
      reason: 'unauthorized',
      message: SESSION_ENDED_MESSAGE,
    });
  });

  it("a 401 answering the machine's own signed-in call (the companies) says so too", async () => {
    const world = createFakeWorld();
    const { actor } = await signedIn(world);
    await world.answer({ operation: 'checkUser', status: 200, body: { status: 'active' } });
    actor.send({ type: 'auth.clients.load' });
    await world.answer({ operation: 'listClients', status: 401, body: { message: 'Unauthenticated.' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.sessionEnded?.reason).toBe('unauthorized');
  });

  it('an explicit logout says nothing, even after an earlier expiry', async () => {
    const world = createFakeWorld();
    const { actor } = await signedIn(world);
    actor.send({ type: 'auth.unauthorized', message: SESSION_EXPIRED_MESSAGE });
    actor.send({ type: 'auth.submit', email: MODEL_EMAIL, password: 'x' });
    // Acting on the sign-in view clears the reason, as it clears the other messages.
    expect(actor.getSnapshot().context.sessionEnded).toBeNull();
    await world.answer({
      operation: 'login',
      status: 200,
      body: { access_token: MODEL_TOKEN, token_type: 'Bearer', expires_in: 60, user: MODEL_SERVER_USER },
    });
    await waitFor(actor, (s) => s.hasTag('authenticated'));
    actor.send({ type: 'auth.logout' });
    await world.answer({ operation: 'logout', status: 200, body: { message: 'Bye.' } });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.sessionEnded).toBeNull();
  });

  it('going back on the sign-in view clears the reason', async () => {
    const world = createFakeWorld();
    const { actor } = await signedIn(world);
    actor.send({ type: 'auth.unauthorized', message: SESSION_EXPIRED_MESSAGE });
    expect(actor.getSnapshot().context.sessionEnded?.reason).toBe('inactivity');
    actor.send({ type: 'auth.back' });
    expect(actor.getSnapshot().context.sessionEnded).toBeNull();
  });
});
