// The only module that reads the build environment (house style), parsed once at start-up. It is
// parsed by hand rather than with zod: this module is on every page's first load, and zod is only
// needed when a form is sent (it loads then).
const raw = import.meta.env;

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

const base = text(raw.BASE_URL, '/');

export const env = {
  /** Product name in page titles (decision 6), `VITE_PRODUCT_NAME` at build time. */
  productName: text(raw.VITE_PRODUCT_NAME, 'Vigil'),
  /** Where /api lives, `VITE_API_BASE_URL` at build time. */
  apiBaseUrl: text(raw.VITE_API_BASE_URL, '/api'),
  /** Where static files (locales, chunks) live, always ending in '/'. */
  basePath: base.endsWith('/') ? base : `${base}/`,
  dev: raw.DEV === true,
} as const;
