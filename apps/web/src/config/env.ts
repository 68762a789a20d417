import * as z from 'zod/mini';

// The only module that reads the build environment (house style). Parsed once at start-up.
const schema = z.object({
  VITE_PRODUCT_NAME: z._default(z.string(), 'Vigil'),
  VITE_API_BASE_URL: z._default(z.string(), '/api'),
  BASE_URL: z._default(z.string(), '/'),
  DEV: z._default(z.boolean(), false),
});

const parsed = schema.parse({
  VITE_PRODUCT_NAME: import.meta.env.VITE_PRODUCT_NAME,
  VITE_API_BASE_URL: import.meta.env.VITE_API_BASE_URL,
  BASE_URL: import.meta.env.BASE_URL,
  DEV: import.meta.env.DEV,
});

export const env = {
  productName: parsed.VITE_PRODUCT_NAME,
  apiBaseUrl: parsed.VITE_API_BASE_URL,
  /** Where static files (locales, chunks) live, always ending in '/'. */
  basePath: parsed.BASE_URL.endsWith('/') ? parsed.BASE_URL : `${parsed.BASE_URL}/`,
  dev: parsed.DEV,
} as const;
