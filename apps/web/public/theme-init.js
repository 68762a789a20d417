// Runs before the first paint: applies the stored theme (localStorage "theme", default light) to <html>,
// and preloads the stored language's messages so the first render does not wait for a second round trip.
(() => {
  const root = document.documentElement;
  let theme = 'light';
  let language = 'en';
  try {
    const stored = localStorage.getItem('theme');
    if (stored === 'dark') theme = 'dark';
    // "system" (chosen in the account settings) follows the device.
    if (stored === 'system' && matchMedia('(prefers-color-scheme: dark)').matches) theme = 'dark';
    const storedLanguage = localStorage.getItem('language');
    if (storedLanguage && /^(de|en|es|fr|pt-br|pt)$/.test(storedLanguage)) language = storedLanguage;
  } catch {
    // storage blocked: keep the defaults
  }
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  root.style.backgroundColor = theme === 'dark' ? '#09090b' : '#ffffff';
  root.lang = language === 'pt-br' ? 'pt-BR' : language === 'pt' ? 'pt-PT' : language;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = `/locales/${language}.json`;
  document.head.appendChild(link);
})();
