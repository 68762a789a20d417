import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// The API server listens on 3000 in development; in production it serves dist/ and /api on one port.
const vendorPackages =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@chakra-ui|@emotion|@pandacss|stylis|hoist-non-react-statics|react-is|xstate|@xstate)[\\/]|packages[\\/](auth-machine)[\\/]/;
/** Chakra's components stay with the screens that use them (Menu, PinInput… are not on every page)… */
const chakraComponents = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]/;
/** …except those the sign-in page and every other page use. */
const commonChakra =
  /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|flex|stack|text|heading|button|link|icon|icons\.js|spinner|alert|separator|group)[\\/.]/;
const vendorModules = (id: string) => (vendorPackages.test(id) && !chakraComponents.test(id)) || commonChakra.test(id);

/**
 * The app's own modules that every first visit runs (boot, router, guard, i18n, theme, the sign-in
 * screen): an allowlist, so a new module of another screen never lands on the sign-in page by accident.
 * Their static imports follow them (includeDependenciesRecursively); keep screens out of this list.
 */
const appModules =
  /apps[\\/]web[\\/]src[\\/](main\.tsx|app[\\/](app|provider|router|navigation)\.tsx?|app[\\/]routes[\\/](root|route-error|public[\\/]not-found|auth[\\/]signin)\.tsx|config[\\/]|theme[\\/]|lib[\\/](i18n[\\/]|auth-bridge|redirect|chunk-reload)|components[\\/]ui[\\/](icons|skip-link|theme-toggle|language-select|simple-select|text-input)\.|components[\\/]layout[\\/]status-page\.|features[\\/]auth[\\/](auth-actor|index|signin|hooks[\\/]|api[\\/]|utils[\\/](guard|ports|messages|validate-form)\.|components[\\/](auth-provider|require-auth|session-language-select|auth-layout|auth-alerts|form-field|microsoft-logo|sign-in-form|signin-screen)\.))/;

const apiTarget = process.env.VIGIL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: { host: '127.0.0.1', port: 4173, proxy: { '/api': { target: apiTarget } } },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
    // Every browser the app supports has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // The libraries every page needs travel in one file: one request and one gzip dictionary
          // instead of a dozen small chunks. Highcharts and the zag machines stay in their own
          // chunks, loaded only by the screens that use them.
          groups: [
            { name: 'vendor', test: vendorModules, priority: 30, includeDependenciesRecursively: true },
            // Most first visits land on /signin (a protected path redirects there): its screen travels
            // with the app chunk instead of costing one more round trip after the app has started.
            // Check with `node scripts/bundle-report.mjs` after changing this list (budget: 200 KiB).
            {
              name: 'app',
              test: appModules,
              priority: 20,
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
});
