import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkModules } from './scripts/chunk-modules.ts';
import { precompress } from './scripts/precompress.ts';

// The API server listens on 3000 in development; in production it serves dist/ and /api on one port.
const vendorPackages =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store|@chakra-ui|@emotion|@pandacss|stylis|hoist-non-react-statics|react-is|xstate|@xstate)[\\/]|packages[\\/](auth-machine)[\\/]/;
/** Chakra's components stay with the screens that use them (Menu, PinInput… are not on every page)… */
const chakraComponents = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]/;
/** …except those the sign-in page and every other page use. */
const commonChakra =
  /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/](box|flex|stack|text|heading|button|link|icon|icons\.js|spinner|alert|separator|group)[\\/.]/;
/** …and Chakra's recipes follow the module registering them (`theme/system.ts` or `theme/app-recipes.ts`). */
const chakraRecipes =
  /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](preset\.js|theme[\\/](index\.js|recipes\.js|slot-recipes\.js|recipes[\\/]))/;
const vendorModules = (id: string) =>
  (vendorPackages.test(id) && !chakraComponents.test(id) && !chakraRecipes.test(id)) || commonChakra.test(id);

/**
 * The app's own modules that every first visit runs (boot, router, guard, i18n, theme, the sign-in
 * screen, the registered modules' definitions): an allowlist, so a new module of another screen never lands on the sign-in page by accident.
 * Their static imports follow them (includeDependenciesRecursively); keep screens out of this list.
 */
const appModules =
  /apps[\\/]web[\\/]src[\\/](main\.tsx|app[\\/](app|provider|router|navigation|modules)\.tsx?|app[\\/]routes[\\/](root|route-error|public[\\/]not-found|auth[\\/]signin)\.tsx|config[\\/]|theme[\\/](?!app-recipes)|lib[\\/](i18n[\\/]|auth-bridge|redirect|chunk-reload|preboot|modules)|modules[\\/][a-z-]+[\\/][a-z-]+\.module\.ts|components[\\/]ui[\\/](icons|skip-link|theme-toggle|language-select|simple-select|text-input)\.|components[\\/]layout[\\/]status-page\.|identity[\\/]auth[\\/](auth-actor|index|signin|hooks[\\/]|api[\\/]|utils[\\/](guard|ports|messages|validate-form)\.|components[\\/](auth-provider|require-auth|session-language-select|auth-layout|auth-alerts|form-field|microsoft-logo|sign-in-form|signin-screen)\.))/;

/**
 * What the boot modules need besides the libraries: the public pages' Chakra recipes (the signed-in
 * screens' load with `theme/app-recipes.ts`), Vite's preload helper, the pin input's anatomy. The app
 * group takes no dependencies recursively: that would drag every recipe `@chakra-ui/react/theme`
 * re-exports (the signed-in ones too) onto the sign-in page.
 */
const appLibraryModules =
  /vite[\\/]preload-helper|@zag-js[\\/]pin-input[\\/]dist[\\/]pin-input\.anatomy|@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/](index\.js|recipes[\\/](button|container|heading|input|link|separator|spinner|alert|field|select|native-select|pin-input)\.js)/;
const bootModules = (id: string) => appModules.test(id) || appLibraryModules.test(id);

const reactRouterDist = dirname(dirname(createRequire(import.meta.url).resolve('react-router')));
const reactRouterBuild = (file: string) => join(reactRouterDist, 'production', file);

const apiTarget = process.env.VIGIL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), chunkModules(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-router 7's package exports only its development build (dev warnings and checks kept);
      // its production build sits beside it. Both entries point at the same build (one router context).
      { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
      { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
    ],
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
      // `@chakra-ui/react/theme` builds its `defaultThemeConfig` with a top-level `defineConfig({…})`
      // call that references EVERY recipe; the call has no side effect (it returns its argument), so
      // marking it pure lets the recipes nobody registers drop out of the build.
      treeshake: { manualPureFunctions: ['defineConfig'] },
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
              test: bootModules,
              priority: 20,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
