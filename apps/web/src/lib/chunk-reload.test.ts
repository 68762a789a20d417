import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearChunkReloadFlag, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload';

describe('chunk reload', () => {
  beforeEach(() => sessionStorage.clear());

  it('recognises a failed dynamic import', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });

  it('reloads once, then gives up until a screen rendered', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(true);
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    clearChunkReloadFlag();
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(true);
  });
});
