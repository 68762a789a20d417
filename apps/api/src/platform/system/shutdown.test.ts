import { describe, expect, it, vi } from 'vitest';
import { gracefulShutdown } from './shutdown.js';

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (_: object, m: string) => lines.push(m), error: (_: object, m: string) => lines.push(m) },
  };
}

describe('the stop signal', () => {
  it('closes everything, then exits 0', async () => {
    const { lines, log } = recorder();
    const exit = vi.fn();
    const closed: string[] = [];
    await gracefulShutdown({ close: async () => void closed.push('app'), timeoutMs: 1000, log, exit })('SIGTERM');
    expect(closed).toEqual(['app']);
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(lines[0]).toMatch(/^shutting down/);
  });

  it('exits 1 when closing outlasts the timeout, and at once on a second signal', async () => {
    vi.useFakeTimers();
    try {
      const { lines, log } = recorder();
      const exit = vi.fn();
      const stop = gracefulShutdown({ close: () => new Promise(() => {}), timeoutMs: 5000, log, exit });
      void stop('SIGTERM');
      await vi.advanceTimersByTimeAsync(4999);
      expect(exit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(exit).toHaveBeenCalledExactlyOnceWith(1);
      expect(lines.at(-1)).toBe('shutdown did not finish within 5000 ms: exiting anyway');
      await stop('SIGINT');
      expect(exit).toHaveBeenLastCalledWith(1);
      expect(lines.at(-1)).toBe('second stop signal: exiting now');
    } finally {
      vi.useRealTimers();
    }
  });

  it('exits 1 when closing fails', async () => {
    const { log } = recorder();
    const exit = vi.fn();
    await gracefulShutdown({ close: () => Promise.reject(new Error('db gone')), timeoutMs: 1000, log, exit })(
      'SIGTERM',
    );
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
  });
});
