// The pages and tags the local stores (test-store.ts, demo-store.ts) serve: the vendors' host
// names, a store page with the store's own code (under SRI), an inline data layer and the analytics
// tag, the payment form, and the security headers a well-kept store sends.
import { createHash } from 'node:crypto';
import { appScript } from './store-scripts.js';

/** The vendors' hosts (third and fourth parties, the skimmer's). */
export const VENDOR_HOSTS = {
  analytics: 'cdn.analytics-partner.test',
  widget: 'widgets.chat-vendor.test',
  tracker: 'tracker.adnet.test',
  skimmer: 'cdn.jquery-static.test',
  collect: 'collect.evil.test',
} as const;

export const sri = (body: string) => `sha384-${createHash('sha384').update(body).digest('base64')}`;
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline' http:; connect-src *; img-src * data:; frame-ancestors 'self'";

export function securityHeaders(csp: boolean): Record<string, string> {
  return {
    ...(csp ? { 'content-security-policy': CSP } : {}),
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'payment=(self), camera=()',
    'x-content-type-options': 'nosniff',
  };
}

const tag = (src: string, attributes = '') => `<script src="${src}"${attributes}></script>`;

/** The script tags of a store page: the store's own code (with SRI), an inline data layer, the analytics tag. */
export function baseScripts(domain: string, page: string): string[] {
  return [
    tag(`http://static.${domain}/js/app.js`, ` integrity="${sri(appScript)}" crossorigin="anonymous"`),
    `<script>window.dataLayer = [{ page: ${JSON.stringify(page)} }];</script>`,
    tag(`http://${VENDOR_HOSTS.analytics}/analytics.js`, ' async'),
  ];
}

export const widgetTag = tag(`http://${VENDOR_HOSTS.widget}/widget.js`);
export const skimmerTag = tag(`http://${VENDOR_HOSTS.skimmer}/jquery-3.7.1.min.js`);

export const PAYMENT_FORM = `<form id="payment" action="/api/pay" method="post">
<label>E-mail <input id="email" name="email" type="email" autocomplete="email"></label>
<label>Name on card <input id="cc-name" name="ccname" autocomplete="cc-name"></label>
<label>Card number <input id="cc-number" name="cardnumber" autocomplete="cc-number" inputmode="numeric"></label>
<label>Expiry <input id="cc-exp" name="exp-date" autocomplete="cc-exp"></label>
<label>CVC <input id="cc-csc" name="cvc" autocomplete="cc-csc"></label>
<button id="pay" type="submit">Pay</button>
</form>`;

export function storePage(title: string, scripts: string[], body = PAYMENT_FORM, attributes = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
${scripts.join('\n')}
</head>
<body${attributes}>
<h1>${title}</h1>
${body}
</body>
</html>
`;
}
