// Loaded in <head> by the pre-rendered public landscape (dist/analytics.html, scripts/prerender.mjs)
// only. The page's heading, introduction and layout paint with none of the app's code; the app's
// modules load once the static page has been painted (loading them in <head> delayed that paint);
// the app then takes the page over (src/lib/preboot.ts) and fetches the figures.
// - A language other than English or the dark theme (theme-init.js has set both on <html> already):
//   the English, light page is hidden until the app shows the right one.
// - A period in the address (?weeks=26): the static select shows it.
// - A choice made before the app has taken over still works, as a plain page would: a period reloads
//   the address with it, a language is stored and the page reloaded in it.
(() => {
  const root = document.documentElement;
  let started = false;
  const boot = () => {
    if (started) return;
    started = true;
    const modules = document.querySelector('meta[name="vigil-modules"]')?.content.split(' ') ?? [];
    for (const src of modules) {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = src;
      document.head.appendChild(script);
    }
  };
  if (root.lang !== 'en' || root.classList.contains('dark')) {
    root.classList.add('vigil-booting');
    boot();
    return;
  }
  // After the first paint (the frame's callback runs before it, the timer after); the timer alone
  // where frames do not run (a tab opened in the background).
  requestAnimationFrame(() => setTimeout(boot, 0));
  setTimeout(boot, 200);

  const staticControl = (event) => {
    const target = event.target;
    const page = document.getElementById('root');
    return page?.hasAttribute('data-prerendered') && target instanceof HTMLSelectElement && page.contains(target)
      ? target
      : null;
  };
  document.addEventListener('DOMContentLoaded', () => {
    const weeks = new URLSearchParams(location.search).get('weeks');
    const period = document.querySelector('#root[data-prerendered] [data-testid="landscape-period"]');
    if (weeks && period && [...period.options].some((option) => option.value === weeks)) period.value = weeks;
  });
  document.addEventListener(
    'change',
    (event) => {
      const select = staticControl(event);
      if (!select) return;
      if (select.dataset.testid === 'landscape-period') {
        location.search = `?weeks=${encodeURIComponent(select.value)}`;
      } else if (select.dataset.testid === 'language-select') {
        try {
          localStorage.setItem('language', select.value);
        } catch {
          // storage blocked: the app, when it takes over, shows the page in English
          return;
        }
        location.reload();
      }
    },
    true,
  );
})();
