#!/usr/bin/env node
// After `vite build`: writes the public pages pre-rendered by the app's own components with the
// styles they compute inlined in <head>, so the browser paints them with no app code loaded; the
// app takes the page over (src/lib/preboot.ts). The API serves them (apps/api web-app plugin).
// - dist/signin.html (src/prerender/signin.tsx): paints and takes input; public/signin-boot.js loads
//   the app on the first interaction (or at once when the page cannot be the default one). Served
//   for GET /signin without a query.
// - dist/analytics.html (src/prerender/analytics.tsx): the public CVE landscape's heading, text and
//   layout; public/analytics-boot.js loads the app once the page has painted, and the app fetches
//   the figures and draws the charts. Served for GET /analytics, with or without a query.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createServer } from 'vite';

const web = resolve(import.meta.dirname, '..');
const dist = join(web, 'dist');

/** Moves every `<style data-emotion>` the render inlined into one list (in order), out of the markup. */
export function extractStyles(html) {
  const styles = [];
  const markup = html.replace(/<style data-emotion="[^"]*">[\s\S]*?<\/style>/g, (tag) => {
    styles.push(tag);
    return '';
  });
  return { styles, markup };
}

/**
 * The static form must never submit by itself (its inputs would land in a GET query): its inputs
 * lose their `name`, kept as `data-field` for the hand-over.
 */
export function unnameInputs(markup) {
  return markup.replace(/<input\b[^>]*>/g, (tag) => tag.replace(/\sname="([^"]*)"/, ' data-field="$1"'));
}

/**
 * dist/index.html made into a pre-rendered page: the app's module scripts are named in
 * `<meta name="vigil-modules">` for the page's boot script (public/<boot>) to load; the module
 * preloads stay only when `preload` (the app is fetched at once rather than on the first touch).
 */
function prerenderedDocument(indexHtml, { name, boot, preload, markup, styles, title }) {
  const modules = [...indexHtml.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
  if (modules.length === 0) throw new Error('prerender: no module script in dist/index.html');
  let html = indexHtml;
  for (const [tag] of modules) html = html.replace(tag, '');
  if (!preload) html = html.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const head = [
    `<meta name="vigil-modules" content="${modules.map((m) => m[1]).join(' ')}" />`,
    `<script src="/${boot}"></script>`,
    // The boot script hides the static page while the app loads when it cannot stand (see there).
    '<style>html.vigil-booting #root[data-prerendered]{visibility:hidden}</style>',
    ...styles,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${head}`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${name}">${markup}</div>`);
}

/** dist/index.html made into the pre-rendered sign-in page (the app loads on the first touch). */
export function signinDocument(indexHtml, { markup, styles, title }) {
  return prerenderedDocument(indexHtml, {
    name: 'signin',
    boot: 'signin-boot.js',
    preload: false,
    markup: unnameInputs(markup),
    styles,
    title,
  });
}

/** dist/index.html made into the pre-rendered public landscape (the app is fetched at once). */
export function analyticsDocument(indexHtml, { markup, styles, title }) {
  return prerenderedDocument(indexHtml, {
    name: 'analytics',
    boot: 'analytics-boot.js',
    preload: true,
    markup,
    styles,
    title,
  });
}

/** Writes `page` as dist/<file> with its .gz and .br copies. */
function writePage(file, page) {
  const path = join(dist, file);
  writeFileSync(path, page);
  writeFileSync(`${path}.gz`, gzipSync(page, { level: 9 }));
  writeFileSync(`${path}.br`, brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  console.log(`prerender: dist/${file} ${page.length} B (${brotliCompressSync(page).length} B brotli)`);
}

async function main() {
  const vite = await createServer({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: false, watch: null },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const messages = JSON.parse(readFileSync(join(web, 'public/locales/en.json'), 'utf8'));
    const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
    const pages = [
      { file: 'signin.html', module: '/src/prerender/signin.tsx', render: 'renderSignin', document: signinDocument },
      {
        file: 'analytics.html',
        module: '/src/prerender/analytics.tsx',
        render: 'renderAnalytics',
        document: analyticsDocument,
      },
    ];
    for (const { file, module, render, document } of pages) {
      const { html, title } = await (await vite.ssrLoadModule(module))[render](messages);
      writePage(file, document(indexHtml, { ...extractStyles(html), title }));
    }
  } finally {
    await vite.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
