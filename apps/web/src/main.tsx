import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { isChunkLoadError, reloadOnceForChunkError } from './lib/chunk-reload';
import { createI18n } from './lib/i18n/i18n';
import { appContainer } from './lib/preboot';
import { initColorMode } from './theme/color-mode';

// Start-up order (spec §4): the asynchronous step (the interface language's messages), then the
// router and the providers, the auth actor (which restores the session and starts the inactivity
// check), and mounting.
initColorMode();

window.addEventListener('vite:preloadError', (event) => {
  // A chunk's preload failed (usually a deploy replaced the files): reload once, else let the
  // router's error page show.
  if (isChunkLoadError((event as Event & { payload?: unknown }).payload) && reloadOnceForChunkError()) {
    event.preventDefault();
  }
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const i18n = await createI18n();
// The first render as a transition: React yields to the browser every few milliseconds instead of
// rendering the whole tree (Chakra's styles included) in one long task (total blocking time).
startTransition(() => {
  // On the pre-rendered sign-in page the app renders beside it and takes its place when ready.
  createRoot(appContainer(root)).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
});
