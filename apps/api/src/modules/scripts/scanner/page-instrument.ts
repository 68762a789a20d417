// What the scanner adds to every frame before the page's own scripts run (an init script in the
// page's world): it watches for reads of payment-card and personal fields (the value getters, key
// and input listeners on those fields, FormData over a form holding them), for scripts inserted
// into the document (inline ones included, with their text: who inserted them) and for changes of
// an image's or a form's target. Each observation goes to the scanner with the JavaScript stack at that moment,
// from which the scanner names the script responsible (scan-attribution.ts).
// Hostile pages run next to it: it keeps its own references to what it uses, removes the reporting
// function from the page's reach, signs its reports with a key the page cannot read, and sends a
// bounded number of bounded reports. It is plain
// JavaScript in a string, so no compiler helper can slip into the page.

/** Reports one frame may send at most, and bytes of inserted inline script text in all. */
export const PAGE_REPORT_LIMIT = 400;
export const PAGE_TEXT_BUDGET = 4 * 1024 * 1024;

/** Field hints (autocomplete, name, id, placeholder) that mark a payment-card field. */
export const CARD_FIELD =
  /cc-?(number|num|csc|exp|name)|card.?(num|no|code|exp|holder|cvv)|credit.?card|cvv|cvc|csc|security.?code|exp(iry|iration)/i;
/** … and a personal-data field. */
export const PERSONAL_FIELD =
  /e-?mail|phone|tel\b|mobile|given-name|family-name|first.?name|last.?name|full.?name|surname|address|street|postal|zip|city|birth|bday|cpf|ssn/i;

const source = `(binding, key, cardSource, personalSource, reportLimit, textBudget) => {
  const report = globalThis[binding];
  try { delete globalThis[binding]; } catch (e) {}
  if (typeof report !== 'function') return;
  const NativeError = Error;
  const describe = Object.getOwnPropertyDescriptor;
  const define = Object.defineProperty;
  const apply = Reflect.apply;
  const card = new RegExp(cardSource, 'i');
  const personal = new RegExp(personalSource, 'i');
  const getAttribute = Element.prototype.getAttribute;
  const hasAttribute = Element.prototype.hasAttribute;
  const tagName = describe(Element.prototype, 'tagName').get;
  const text = describe(Node.prototype, 'textContent').get;
  let left = reportLimit;
  let textLeft = textBudget;
  const seen = new Set();
  const stack = () => {
    const limit = NativeError.stackTraceLimit;
    NativeError.stackTraceLimit = 40;
    const value = String(new NativeError().stack || '');
    NativeError.stackTraceLimit = limit;
    return value.slice(0, 6000);
  };
  const send = (event, once) => {
    if (left <= 0 || seen.has(once)) return;
    seen.add(once);
    left -= 1;
    event.key = key;
    try { report(event); } catch (e) {}
  };
  const tag = (node) => { try { return apply(tagName, node, []); } catch (e) { return ''; } };
  const fieldOf = (element) => {
    const name = tag(element);
    if (name !== 'INPUT' && name !== 'SELECT' && name !== 'TEXTAREA') return null;
    const hints = ['autocomplete', 'name', 'id', 'placeholder', 'data-card', 'aria-label']
      .map((a) => apply(getAttribute, element, [a]) || '').join(' ');
    const type = (apply(getAttribute, element, ['type']) || '').toLowerCase();
    if (card.test(hints)) return 'card';
    if (type === 'email' || type === 'tel' || personal.test(hints)) return 'personal';
    return null;
  };
  const observe = (t, field) => {
    const s = stack();
    send({ t, field, stack: s }, t + field + s);
  };
  for (const proto of [HTMLInputElement.prototype, HTMLSelectElement.prototype, HTMLTextAreaElement.prototype]) {
    const d = describe(proto, 'value');
    if (!d || !d.get) continue;
    const get = d.get;
    define(proto, 'value', {
      configurable: d.configurable, enumerable: d.enumerable, set: d.set,
      get() { const field = fieldOf(this); if (field) observe('read', field); return apply(get, this, []); },
    });
  }
  const listen = EventTarget.prototype.addEventListener;
  const watched = new Set(['keydown', 'keyup', 'keypress', 'input', 'change', 'blur', 'paste']);
  EventTarget.prototype.addEventListener = function addEventListener(type, listener, options) {
    if (watched.has(String(type)) && this instanceof Element) {
      const field = fieldOf(this);
      if (field) observe('read', field);
    }
    return apply(listen, this, [type, listener, options]);
  };
  const NativeFormData = FormData;
  globalThis.FormData = new Proxy(NativeFormData, {
    construct(target, args, newTarget) {
      const form = args[0];
      try {
        if (form && form.elements) {
          for (const element of form.elements) { const field = fieldOf(element); if (field) observe('read', field); }
        }
      } catch (e) {}
      return Reflect.construct(target, args, newTarget);
    },
  });
  const inserted = (node) => {
    if (tag(node) !== 'SCRIPT') return;
    const src = apply(getAttribute, node, ['src']) || '';
    const integrity = apply(hasAttribute, node, ['integrity']);
    let body = '';
    if (!src) {
      body = String(apply(text, node, []) || '');
      if (body.length > textLeft) return;
      textLeft -= body.length;
    }
    const s = stack();
    send({ t: 'insert', src, integrity, text: body, stack: s }, 'insert' + src + body.length + body.slice(0, 200) + s);
  };
  const wrapInsert = (proto, name, nodesOf) => {
    const original = proto[name];
    if (typeof original !== 'function') return;
    proto[name] = function () {
      try { for (const node of nodesOf(arguments)) inserted(node); } catch (e) {}
      return apply(original, this, arguments);
    };
  };
  const first = (args) => [args[0]];
  const all = (args) => Array.prototype.slice.call(args);
  wrapInsert(Node.prototype, 'appendChild', first);
  wrapInsert(Node.prototype, 'insertBefore', first);
  wrapInsert(Node.prototype, 'replaceChild', first);
  for (const name of ['append', 'prepend', 'after', 'before', 'replaceWith']) wrapInsert(Element.prototype, name, all);
  wrapInsert(Element.prototype, 'insertAdjacentElement', (args) => [args[1]]);
  // Where data can leave without fetch: an image's or a form's target set by a script.
  const sent = (kind, value) => {
    const url = String(value).slice(0, 2000);
    const s = stack();
    send({ t: 'send', kind, url, stack: s }, 'send' + kind + url + s);
  };
  const watchUrl = (proto, property, kind) => {
    const d = describe(proto, property);
    if (!d || !d.set) return;
    const set = d.set;
    define(proto, property, {
      configurable: d.configurable, enumerable: d.enumerable, get: d.get,
      set(value) { sent(kind, value); return apply(set, this, [value]); },
    });
  };
  watchUrl(HTMLImageElement.prototype, 'src', 'image');
  watchUrl(HTMLFormElement.prototype, 'action', 'form');
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function setAttributeWatched(name, value) {
    const n = String(name).toLowerCase();
    const t = tag(this);
    if (n === 'action' && t === 'FORM') sent('form', value);
    if (n === 'src' && t === 'IMG') sent('image', value);
    return apply(setAttribute, this, [name, value]);
  };
}`;

/**
 * The init script for one scan, reporting through the binding of that name. Each report carries
 * `key`, which stays in the init script's closure: a report without it came from the page itself
 * (which might reach the binding through the automation's own globals) and is dropped.
 */
export function instrumentScript(binding: string, key: string): string {
  const args = [binding, key, CARD_FIELD.source, PERSONAL_FIELD.source, PAGE_REPORT_LIMIT, PAGE_TEXT_BUDGET];
  return `(${source})(${args.map((a) => JSON.stringify(a)).join(', ')});`;
}
