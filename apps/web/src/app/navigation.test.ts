import { describe, expect, it, vi } from 'vitest';
import { navigateToTarget } from './navigation';

describe('navigate intents of the auth machine', () => {
  const router = () => ({ navigate: vi.fn() });

  it('maps route names to the route table', () => {
    const r = router();
    navigateToTarget(r, { kind: 'route', name: 'Signin' });
    navigateToTarget(r, { kind: 'route', name: 'TwoStepVerification', query: { user_id: '7', email: 'a@b.test' } });
    expect(r.navigate.mock.calls).toEqual([['/signin'], ['/two-step-verification?user_id=7&email=a%40b.test']]);
  });

  it('follows a same-origin path and refuses anything else', () => {
    const r = router();
    navigateToTarget(r, { kind: 'path', path: '/cvemonitor?x=1' });
    navigateToTarget(r, { kind: 'path', path: '//evil.example/' });
    expect(r.navigate.mock.calls).toEqual([
      ['/cvemonitor?x=1', { replace: true }],
      ['/', { replace: true }],
    ]);
  });

  it('leaves for Microsoft over http(s) only', () => {
    const assign = vi.fn();
    navigateToTarget(router(), { kind: 'external', url: 'https://login.example/authorize?x=1' }, assign);
    expect(assign).toHaveBeenCalledWith('https://login.example/authorize?x=1');
    expect(() => navigateToTarget(router(), { kind: 'external', url: 'javascript:alert(1)' }, assign)).toThrow();
  });
});
