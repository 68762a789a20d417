// Loaded in <head> by the pre-rendered sign-in page (dist/signin.html, scripts/prerender.mjs) only.
// The page paints and takes input with none of the app's code loaded; this script loads the app:
// - at once when the pre-rendered page cannot stand as it is (an address with a query, a stored
//   session, a language other than English, the dark theme): the static form is hidden meanwhile;
// - otherwise on the visitor's first sign of life (pointer, touch, key, focus), so the app's code is
//   on its way while they type.
// What is done before the app has taken over is kept: the values typed (read by src/lib/preboot.ts),
// a submit, a click on a button or a choice in a select (replayed by the app once it can act).
(() => {
  const state = { started: false, taken: false, failed: false, pending: null, focus: null };
  window.__vigilPreboot = state;

  const boot = () => {
    if (state.started) return;
    state.started = true;
    const modules = document.querySelector('meta[name="vigil-modules"]')?.content.split(' ') ?? [];
    for (const src of modules) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      // The app's code did not arrive (offline, a deploy in between). A browser does not fetch a
      // failed module again in the same page, so the next submit reloads the page instead.
      script.onerror = () => {
        state.failed = true;
        for (const busy of document.querySelectorAll('#root[data-prerendered] [aria-busy]'))
          busy.removeAttribute('aria-busy');
      };
      document.head.appendChild(script);
    }
  };

  let atOnce = location.search !== '' || location.hash !== '';
  try {
    atOnce ||= Boolean(sessionStorage.getItem('token'));
    const language = localStorage.getItem('language');
    atOnce ||= Boolean(language && language.toLowerCase() !== 'en');
    atOnce ||= localStorage.getItem('theme') === 'dark';
  } catch {
    // storage blocked: the pre-rendered page stands
  }
  if (atOnce) {
    document.documentElement.classList.add('vigil-booting');
    boot();
    return;
  }

  const staticTarget = (event) => {
    const root = document.getElementById('root');
    const target = event.target;
    return !state.taken && root?.hasAttribute('data-prerendered') && target instanceof Element && root.contains(target)
      ? target
      : null;
  };
  /** What finds the same control in the app's markup: its tag, accessible name and text. */
  const controlKey = (element) =>
    `${element.tagName}|${element.getAttribute('aria-label') ?? ''}|${element.textContent?.trim() ?? ''}`;

  for (const type of ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin']) {
    document.addEventListener(type, boot, { capture: true, passive: true, once: true });
  }
  document.addEventListener(
    'focusin',
    (event) => {
      const target = staticTarget(event);
      if (target) state.focus = target.getAttribute('data-field');
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = staticTarget(event);
      if (!form) return;
      event.preventDefault();
      if (state.failed) {
        location.reload();
        return;
      }
      state.pending = { type: 'submit' };
      for (const button of form.querySelectorAll('button[type="submit"]')) button.setAttribute('aria-busy', 'true');
      boot();
    },
    true,
  );
  document.addEventListener(
    'click',
    (event) => {
      const button = staticTarget(event)?.closest('button:not([type="submit"])');
      if (!button) return;
      event.preventDefault();
      state.pending = { type: 'click', key: controlKey(button) };
      boot();
    },
    true,
  );
  document.addEventListener(
    'change',
    (event) => {
      const select = staticTarget(event);
      if (!(select instanceof HTMLSelectElement)) return;
      state.pending = { type: 'select', key: controlKey(select), value: select.value };
      boot();
    },
    true,
  );
})();
