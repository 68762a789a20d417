import { describe, expect, it } from 'vitest';
import { decideGuard } from './guard';

describe('decideGuard (spec §2, decision 2)', () => {
  const base = { settled: true, signedIn: false, hasUser: false, persistedAuthenticated: false };

  it('waits until the session check settled', () => {
    expect(decideGuard({ ...base, settled: false, signedIn: true, hasUser: true })).toBe('wait');
  });
  it('allows a signed-in user whose user is stored', () => {
    expect(decideGuard({ ...base, signedIn: true, hasUser: true })).toBe('allow');
  });
  it('logs out a signed-in state without a user', () => {
    expect(decideGuard({ ...base, signedIn: true, hasUser: false })).toBe('logout');
  });
  it('falls back to the second store when the auth store does not say signed in', () => {
    expect(decideGuard({ ...base, persistedAuthenticated: true })).toBe('allow');
    expect(decideGuard(base)).toBe('signin');
  });
});
