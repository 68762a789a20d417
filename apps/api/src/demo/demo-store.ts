// The demo's online store (a VTEX-style shop of the demo company): what the stores' demo setup
// creates (stores.demo.ts, the client-side scripts module's) and what a development start serves locally
// (dev/test-store/demo-store.ts serves its pages): a product page, a cart page, and a payment page
// where a skimmer disguised as jQuery reads the card and sends it to collect.evil.test. The page
// URLs have no port and stay the same across starts: the start maps these hosts to the local
// server for the scanner (config.scan.hostMap).

/** A step as the scanner takes it (its ScanStep type). */
export type StoreStep = { action: 'fill'; selector: string; value: string } | { action: 'click'; selector: string };

/** The steps that walk a checkout page to paying. */
export const checkoutSteps: StoreStep[] = [
  { action: 'fill', selector: '#email', value: 'jane.doe@example.com' },
  { action: 'fill', selector: '#cc-number', value: '4111 1111 1111 1111' },
  { action: 'fill', selector: '#cc-exp', value: '12/30' },
  { action: 'fill', selector: '#cc-csc', value: '123' },
  { action: 'click', selector: '#pay' },
];

export const DEMO_STORE_DOMAIN = 'acme-retail-store.test';
const www = `http://www.${DEMO_STORE_DOMAIN}`;

export interface DemoStorePage {
  url: string;
  pageType: 'product' | 'checkout' | 'payment';
  steps: StoreStep[];
}

export const demoStore = {
  name: 'Acme Retail online store',
  platform: 'vtex' as const,
  accountName: 'acmeretail',
  domains: [DEMO_STORE_DOMAIN],
  checkoutUrl: `${www}/checkout/cart`,
  pages: [
    { url: `${www}/trail-running-shoe/p`, pageType: 'product', steps: [] },
    { url: `${www}/checkout/cart`, pageType: 'checkout', steps: [] },
    { url: `${www}/checkout/payment`, pageType: 'payment', steps: checkoutSteps },
  ] as DemoStorePage[],
};
