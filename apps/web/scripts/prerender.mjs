#!/usr/bin/env node
// After `vite build`: writes dist/signin.html, the sign-in page pre-rendered by the app's own
// components (src/prerender/signin.tsx) with the styles they compute inlined in <head>. The browser
// paints it and takes input with no app code loaded; public/signin-boot.js loads the app on the
// first interaction (or at once when the page cannot be the default one) and the app takes the page
// over (src/lib/preboot.ts). The API serves it for GET /signin without a query.
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

/** dist/index.html made into the pre-rendered sign-in page. */
export function signinDocument(indexHtml, { markup, styles, title }) {
  const modules = [...indexHtml.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
  if (modules.length === 0) throw new Error('prerender: no module script in dist/index.html');
  let html = indexHtml;
  for (const [tag] of modules) html = html.replace(tag, '');
  html = html.replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  const head = [
    `<meta name="vigil-modules" content="${modules.map((m) => m[1]).join(' ')}" />`,
    '<script src="/signin-boot.js"></script>',
    // signin-boot.js hides the static page while the app loads at once (see there).
    '<style>html.vigil-booting #root[data-prerendered]{visibility:hidden}</style>',
    ...styles,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${head}`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="signin">${markup}</div>`);
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
    const { renderSignin } = await vite.ssrLoadModule('/src/prerender/signin.tsx');
    const messages = JSON.parse(readFileSync(join(web, 'public/locales/en.json'), 'utf8'));
    const { html, title } = await renderSignin(messages);
    const { styles, markup } = extractStyles(html);
    const page = signinDocument(readFileSync(join(dist, 'index.html'), 'utf8'), {
      markup: unnameInputs(markup),
      styles,
      title,
    });
    const file = join(dist, 'signin.html');
    writeFileSync(file, page);
    writeFileSync(`${file}.gz`, gzipSync(page, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    console.log(`prerender: dist/signin.html ${page.length} B (${brotliCompressSync(page).length} B brotli)`);
  } finally {
    await vite.close();
  }
}

if (process.argv[1] === import.meta.filename) await main();
