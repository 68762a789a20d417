import { test } from 'vitest';
import { getAuthPaths } from './auth.paths.js';
test('probe', () => {
  const t = Date.now();
  const p = getAuthPaths();
  console.log(Date.now() - t, 'ms', p.stats, p.uncovered, p.statePaths.length, p.transitionPaths.length);
});
