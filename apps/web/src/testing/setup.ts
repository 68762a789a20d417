import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Component tests render signed-in components directly: their Chakra recipes must be registered.
import '@/theme/app-recipes';

// Route modules load lazily, and the 2-core machine is often busy: wait up to 5 s for the screen.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  // A test in the node environment (the build's pre-rendering) has no page to clean.
  if (typeof document === 'undefined') return;
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  document.documentElement.className = '';
});
