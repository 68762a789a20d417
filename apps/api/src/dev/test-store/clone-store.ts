// The demo store's home page and its lookalikes, for the store dork search (the clones of the
// client-side scripts module): the real home page on www.acme-retail-store.test (a VTEX theme: assets under
// /arquivos/, product images from the account's vteximg host), a clone of it on the homoglyph
// domain acme-retai1-store.test (the same catalogue, hot-linked assets, a "discount" that sends the
// card elsewhere) and a parked page on acmeretail-store.test. test-store.ts serves them by Host.
import { demoStore } from '../../demo/demo-store.js';

const DOMAIN = demoStore.domains[0] ?? 'acme-retail-store.test';
/** The lookalike domains the demo's clone search finds live (permutations of the demo store's domain). */
export const CLONE_DOMAIN = 'acme-retai1-store.test';
export const PARKED_DOMAIN = 'acmeretail-store.test';
const IMAGES = `${demoStore.accountName}.vteximg.test`;

export const cloneHosts = [CLONE_DOMAIN, `www.${CLONE_DOMAIN}`, PARKED_DOMAIN, `www.${PARKED_DOMAIN}`, IMAGES];

const PRODUCTS = [
  ['Trail running shoe', '129.00'],
  ['Road running shoe', '119.00'],
  ['Merino running socks', '19.00'],
  ['Windproof running jacket', '89.00'],
  ['Hydration vest', '75.00'],
  ['Running cap', '25.00'],
];

function home(banner: string, checkout: string): string {
  const items = PRODUCTS.map(
    ([name, price], i) => `<li class="vtex-product-summary"><a href="/p/${i}">
<img src="http://${IMAGES}/arquivos/ids/${1000 + i}/product.png" alt="${name}" width="160" height="160">
<span class="name">${name}</span> <span class="price">$${price}</span></a></li>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Acme Retail — running gear</title>
<link rel="stylesheet" href="http://static.${DOMAIN}/arquivos/acme-theme.css">
</head>
<body class="vtex-store">
<header><h1>Acme Retail</h1><nav><a href="/men">Men</a> <a href="/women">Women</a> <a href="/sale">Sale</a></nav></header>
<p class="banner">${banner}</p>
<ul class="shelf">
${items}
</ul>
<a class="checkout" href="${checkout}">Checkout</a>
<footer>Acme Retail Ltd. Free returns within 30 days. Customer service: help@${DOMAIN}</footer>
</body>
</html>
`;
}

const PARKED = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${PARKED_DOMAIN} is for sale</title></head>
<body><div class="parked"><h1>${PARKED_DOMAIN}</h1><p>This domain is parked. It may be for sale: make an offer.</p>
<p>Related searches: running shoes, sports gear, discount sneakers</p></div></body></html>
`;

const THEME =
  'body { font-family: sans-serif; } .shelf { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; }';
/** A 160×160 grey PNG (the products' picture). */
const PRODUCT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAACgCAIAAAAErfB6AAABBElEQVR42u3RQREAAAzCMPxrQxQu9tilEppUr4sFgAVYgAVYgAVYgAELsAALsAALsAADFmABFmABFmABFmDAAizAAizAAizAgAVYgAVYgAVYgAELsAALsAALsAALMGABFmABFmABFmDAAizAAizAAizAgAVYgAVYgAVYgAUYsAALsAALsAALMGABFmABFmABFmABBizAAizAAizAAgxYgAVYgAVYgAUYsAALsAALsAALsAADFmABFmABFmABBizAAizAAizAAgxYgAVYgAVYgAVYgAELsAALsAALsAADFmABFmABFmABFmDAAizAAizAAizAgAVYgAVYgAVYgAELsAALsG4bK1AeArhrY9gAAAAASUVORK5CYII=',
  'base64',
);

export type CloneAnswer = { type: string; body: string | Buffer };

/** The answer for the home pages, the lookalikes and their assets, or undefined. */
export function cloneStoreAnswer(host: string, path: string): CloneAnswer | undefined {
  const html = (body: string): CloneAnswer => ({ type: 'text/html', body });
  const bare = host.replace(/^www\./, '');
  if (host === `www.${DOMAIN}` && path === '/') return html(home('Free shipping on orders over $99', '/checkout/cart'));
  if (bare === CLONE_DOMAIN && path === '/') {
    return html(home('Black Friday: 70% off everything, today only', `http://www.${CLONE_DOMAIN}/checkout/pay`));
  }
  if (bare === PARKED_DOMAIN && path === '/') return html(PARKED);
  if (host === `static.${DOMAIN}` && path === '/arquivos/acme-theme.css') return { type: 'text/css', body: THEME };
  if (host === IMAGES && path.startsWith('/arquivos/ids/')) return { type: 'image/png', body: PRODUCT_PNG };
  return undefined;
}
