// The demo's online store (a VTEX-style shop of the demo company), served locally by the
// development start beside the probes' targets (test-store.ts serves it): a product page (its own
// code, the analytics tag and a chat widget that brings a fourth-party tracker), a cart page, and a
// payment page where a skimmer disguised as jQuery reads the card and sends it to collect.evil.test.
// The page URLs have no port and stay the same across starts: the start maps these hosts to the
// local server for the scanner (config.scan.hostMap). The stores' demo setup creates the store and
// its pages from `demoStore` (demo/demo-store.ts).
import { DEMO_STORE_DOMAIN as DOMAIN } from '../../demo/demo-store.js';
import { baseScripts, PAYMENT_FORM, skimmerTag, storePage, widgetTag } from './store-pages.js';

const CART = `<table id="cart"><tr><td>Trail running shoe</td><td>1</td><td>$129.00</td></tr></table>
<a id="to-payment" href="/checkout/payment">Go to payment</a>`;

/** The demo store's page at this path, or undefined. */
export function demoPage(path: string): string | undefined {
  if (path === '/trail-running-shoe/p') {
    const scripts = [
      ...baseScripts(DOMAIN, 'product'),
      `<script src="http://static.${DOMAIN}/js/product.js"></script>`,
      widgetTag,
    ];
    return storePage('Trail running shoe', scripts, '<p>Lightweight, grippy, $129.00.</p>', ' data-sku="TRS-42"');
  }
  if (path === '/checkout/cart') return storePage('Your cart', [...baseScripts(DOMAIN, 'cart'), widgetTag], CART);
  if (path === '/checkout/payment')
    return storePage('Payment', [...baseScripts(DOMAIN, 'payment'), skimmerTag], PAYMENT_FORM);
  return undefined;
}
