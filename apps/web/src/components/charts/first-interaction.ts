// The page's first interaction (a pointer, a key, a wheel, a touch), once: charts drawn as a static
// first frame load Highcharts then, as the pre-rendered sign-in page loads the app (issue 35). Until
// someone interacts, a first load runs no chart code; after it, the code loads in an idle moment.
// A screen reached inside the app (a link, a sign-in) is not a first load: its charts load
// Highcharts at once. (The browser's sticky user activation cannot tell: a page opened by a
// test driver, and in some browsers by the address bar, starts activated.)

const EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

let interacted: Promise<void> | undefined;

/** Resolves, in an idle moment, after the page's first interaction; at once when it already happened. */
export function afterFirstInteraction(): Promise<void> {
  interacted ??= new Promise<void>((resolve) => {
    if (reachedInsideTheApp()) {
      whenIdle(resolve);
      return;
    }
    const done = () => {
      for (const name of EVENTS) window.removeEventListener(name, done, true);
      whenIdle(resolve);
    };
    for (const name of EVENTS) window.addEventListener(name, done, { capture: true, passive: true });
  });
  return interacted;
}

/** Whether the app has moved since the document loaded: the path the browser loaded is not this one. */
function reachedInsideTheApp(): boolean {
  const loaded = performance.getEntriesByType?.('navigation')[0];
  return loaded !== undefined && new URL(loaded.name).pathname !== location.pathname;
}

function whenIdle(run: () => void) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 0);
}

/** Tests: forget the interaction seen, so the next chart waits for one again. */
export function resetFirstInteraction() {
  interacted = undefined;
}
