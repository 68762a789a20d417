// Vigil's default JS attack patterns, written for Vigil from publicly documented web-skimmer
// indicators (Magecart write-ups: typosquatted CDN/analytics hosts, checkout-URL checks, card-field
// selectors, encoded exfiltration, character-code chains, devtools detection, payloads hidden in
// SVG, CSS, WebSocket and tag-manager containers). Platform data: rules.sync.ts writes them as
// js_rules rows with company_id null, a new version whenever one here changes; a company switches
// them on or off for itself and never edits them. Each has a hit and a near miss in
// rules-defaults.test.ts. Regexes are RE2 syntax.
import type { RuleCondition, RuleDefinition } from './rules.engine.js';

export interface DefaultRule {
  key: string;
  name: string;
  family: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  reference: string;
  description: string;
  definition: RuleDefinition;
}

const ref = {
  microsoft:
    'https://www.microsoft.com/en-us/security/blog/2022/05/23/beneath-the-surface-uncovering-the-shift-in-web-skimming/',
  webskimmers: 'https://github.com/malwareinfosec/webskimmers',
  sansec: 'https://sansec.io/research',
  owasp: 'https://owasp.org/www-project-top-10-client-side-security-risks/',
  webPortalCapture: 'https://attack.mitre.org/techniques/T1056/003/',
  obfuscation: 'https://attack.mitre.org/techniques/T1027/',
  debuggerEvasion: 'https://attack.mitre.org/techniques/T1622/',
  domains: 'https://attack.mitre.org/techniques/T1583/001/',
  webProtocols: 'https://attack.mitre.org/techniques/T1071/001/',
};

/**
 * A content regex, case-sensitive as JavaScript is (`Function(` is not `function (`); words that
 * may come in any case sit in `(?i:…)` groups, which RE2 runs much faster than a whole-pattern flag.
 */
const code = (id: string, value: string): RuleCondition => ({
  id,
  target: 'content',
  op: 'regex',
  value,
  case_sensitive: true,
});
const behaviour = (id: string, value: string): RuleCondition => ({ id, target: 'behaviour', op: 'is', value });

/** Card-field names and autocomplete tokens as selectors or strings ("cc-number", '#cvv', "card_number"). */
const CARD_FIELDS = `['"#\\[](?i:cc[-_]?(?:number|num|cvv|cvc|csc|exp(?:iry)?)|card[-_]?(?:number|num|holder|cvv|cvc|code|expiry|exp)|cvv2?|cvc|security[-_]?code)['"\\]]`;
const SENDS = `navigator\\.sendBeacon|new\\s+Image\\s*\\(|new\\s+WebSocket\\s*\\(|\\bfetch\\s*\\(|XMLHttpRequest`;

export const defaultRules: readonly DefaultRule[] = [
  {
    key: 'VGL-TYPO-001',
    name: 'Script served from a look-alike of a well-known CDN or analytics host',
    family: 'Typosquatting',
    severity: 'critical',
    reference: ref.domains,
    description:
      'The script comes from a host that imitates a well-known CDN, analytics, tag-manager or payment domain (one edit away, look-alike characters, the name with a hyphenated word, or the domain nested under another one).',
    definition: { conditions: [{ id: 'url_typosquat', target: 'url', op: 'typosquat' }] },
  },
  {
    key: 'VGL-TYPO-002',
    name: 'Script contacts a look-alike of a well-known host',
    family: 'Typosquatting',
    severity: 'critical',
    reference: ref.microsoft,
    description: 'The script sends requests to a host that imitates a well-known CDN, analytics or payment domain.',
    definition: { conditions: [{ id: 'destination_typosquat', target: 'destination', op: 'typosquat' }] },
  },
  {
    key: 'VGL-SKIM-001',
    name: 'Checkout-page check followed by form-field capture',
    family: 'Magecart skimmer',
    severity: 'high',
    reference: ref.webskimmers,
    description:
      'The script tests the page URL for checkout / onepage and selects form inputs: skimmers activate only on the payment step.',
    definition: {
      match: 'all',
      conditions: [
        code(
          'checkout_check',
          '(?:location\\.(?:href|pathname)|document\\.(?:URL|location))[^;]{0,60}(?i:checkout|onepage|firecheckout)|(?i:checkout|onepage|firecheckout)[^;]{0,60}(?:location\\.(?:href|pathname)|document\\.URL)',
        ),
        code(
          'field_capture',
          `(?:querySelector(?:All)?|getElementsBy(?:Name|TagName|ClassName)|getElementById)\\s*\\(\\s*['"][^)]{0,60}(?:input|select|form|billing|payment|card|cc-|cvv)`,
        ),
      ],
    },
  },
  {
    key: 'VGL-SKIM-002',
    name: 'Card-field selectors in a script that sends data to another site',
    family: 'Magecart skimmer',
    severity: 'high',
    reference: ref.webPortalCapture,
    description:
      'The script names payment-card fields (number, CVV, expiry) and was seen sending data to another site than its own.',
    definition: {
      match: 'all',
      conditions: [code('card_fields', CARD_FIELDS), behaviour('sends', 'sends_data_elsewhere')],
    },
  },
  {
    key: 'VGL-SKIM-003',
    name: 'Reads payment-card fields and sends data to another site',
    family: 'Magecart skimmer',
    severity: 'critical',
    reference: ref.microsoft,
    description:
      "In the scan the script read a payment-card field's value and sent data to another site than its own: a skimmer's behaviour, whatever its code looks like.",
    definition: {
      match: 'all',
      conditions: [behaviour('reads_card', 'reads_card_fields'), behaviour('sends', 'sends_data_elsewhere')],
    },
  },
  {
    key: 'VGL-SKIM-004',
    name: 'Submit or click handler that reads fields and sends them to another site',
    family: 'Magecart skimmer',
    severity: 'high',
    reference: ref.webskimmers,
    description:
      "A submit or click listener reads input values and sends them (beacon, image, fetch or XHR), and the script sends data to another site than its own (a store's own checkout code posts to the store).",
    definition: {
      match: 'all',
      conditions: [
        code(
          'submit_hijack',
          `addEventListener\\s*\\(\\s*['"](?:submit|click)['"][\\s\\S]{0,400}\\.value\\b[\\s\\S]{0,400}(?:${SENDS})`,
        ),
        behaviour('sends', 'sends_data_elsewhere'),
      ],
    },
  },
  {
    key: 'VGL-SKIM-005',
    name: 'Card data staged in localStorage or a cookie',
    family: 'Magecart skimmer',
    severity: 'high',
    reference: ref.sansec,
    description: 'The script stores card-like values in localStorage or a cookie, to send them later.',
    definition: {
      conditions: [
        code(
          'staging',
          `(?:localStorage\\.setItem\\s*\\(|document\\.cookie\\s*=)[^;]{0,80}(?i:card|cc[-_]?num|cvv|cvc|payment)`,
        ),
      ],
    },
  },
  {
    key: 'VGL-SKIM-006',
    name: 'Reads personal fields and sends data to another site',
    family: 'Data harvesting',
    severity: 'medium',
    reference: ref.owasp,
    description:
      'In the scan the script read e-mail, name, phone or address fields and sent data to another site than its own.',
    definition: {
      match: 'all',
      conditions: [behaviour('reads_personal', 'reads_personal_fields'), behaviour('sends', 'sends_data_elsewhere')],
    },
  },
  {
    key: 'VGL-EXFIL-001',
    name: 'Base64-encodes data and sends it',
    family: 'Encoded exfiltration',
    severity: 'medium',
    reference: ref.webProtocols,
    description:
      'btoa() next to a beacon, image, WebSocket, fetch or XHR: skimmers encode what they collect before sending it.',
    definition: {
      match: 'all',
      conditions: [code('encode', '\\bbtoa\\s*\\('), code('send', SENDS)],
    },
  },
  {
    key: 'VGL-EXFIL-002',
    name: 'Image request carrying form data',
    family: 'Encoded exfiltration',
    severity: 'high',
    reference: ref.webskimmers,
    description:
      "A new Image()'s src is set to a URL built from input values or serialised data (a classic skimmer exfiltration).",
    definition: {
      conditions: [
        code(
          'image_exfil',
          'new\\s+Image\\s*\\(\\s*\\)[\\s\\S]{0,300}\\.src\\s*=[^;]{0,200}(?:\\.value\\b|serialize|JSON\\.stringify|btoa)',
        ),
      ],
    },
  },
  {
    key: 'VGL-EXFIL-003',
    name: 'Sends data to a raw IP address',
    family: 'Encoded exfiltration',
    severity: 'medium',
    reference: ref.webProtocols,
    description: 'The script contacts a URL whose host is an IPv4 address rather than a name.',
    definition: {
      conditions: [
        {
          id: 'ip_destination',
          target: 'destination',
          op: 'regex',
          value: '^(?:https?|wss?)://\\d{1,3}(?:\\.\\d{1,3}){3}(?::\\d+)?(?:/|$)',
        },
      ],
    },
  },
  {
    key: 'VGL-OBF-001',
    name: 'Long character-code chain',
    family: 'Obfuscation',
    severity: 'medium',
    reference: ref.obfuscation,
    description: 'String.fromCharCode with eleven or more codes: a way to hide host names and code from a plain read.',
    definition: { conditions: [code('charcode_chain', 'String\\.fromCharCode\\s*\\(\\s*(?:\\d{2,3}\\s*,\\s*){10,}')] },
  },
  {
    key: 'VGL-OBF-002',
    name: 'Decodes and runs a hidden payload',
    family: 'Obfuscation',
    severity: 'high',
    reference: ref.obfuscation,
    description: 'eval() or Function() applied directly to atob(), unescape() or decodeURIComponent().',
    definition: {
      conditions: [
        code(
          'decode_eval',
          `\\b(?:eval|Function)\\s*\\(\\s*(?:window\\s*\\[\\s*['"])?(?:atob|unescape|decodeURIComponent)\\b`,
        ),
      ],
    },
  },
  {
    key: 'VGL-OBF-003',
    name: 'Long run of hex escapes',
    family: 'Obfuscation',
    severity: 'medium',
    reference: ref.obfuscation,
    description: 'Forty or more \\xNN escapes in a row: text hidden from a plain read.',
    definition: { conditions: [code('hex_run', '(?:\\\\x[0-9a-fA-F]{2}){40,}')] },
  },
  {
    key: 'VGL-ANTI-001',
    name: 'Developer-tools detection',
    family: 'Anti-analysis',
    severity: 'medium',
    reference: ref.debuggerEvasion,
    description:
      'The script checks whether the browser developer tools are open (window size gap, debugger traps), as skimmers do to hide from analysts.',
    definition: {
      conditions: [
        code(
          'size_gap',
          '(?:outerWidth|outerHeight)\\s*-\\s*(?:window\\.)?(?:innerWidth|innerHeight)\\s*>\\s*\\d{2,3}',
        ),
        code(
          'debugger_trap',
          `(?:setInterval\\s*\\([^)]{0,80}\\bdebugger\\b|Function\\s*\\(\\s*['"]debugger['"]\\s*\\))`,
        ),
        code('devtools_flag', `devtools\\s*(?:\\.|\\[\\s*['"])\\s*(?:open|isOpen|orientation)`),
      ],
    },
  },
  {
    key: 'VGL-HIDE-001',
    name: 'Code in an SVG onload attribute',
    family: 'Hidden payload',
    severity: 'high',
    reference: ref.sansec,
    description: 'An <svg> element with an onload handler: a skimmer hidden in what looks like an icon.',
    definition: { conditions: [code('svg_onload', '(?i:<svg)[^>]{0,300}\\b(?i:onload)\\s*=')] },
  },
  {
    key: 'VGL-HIDE-002',
    name: 'Payload read from a CSS custom property',
    family: 'Hidden payload',
    severity: 'high',
    reference: ref.sansec,
    description: 'The script reads a CSS custom property (--name) and decodes or runs it: code hidden in a stylesheet.',
    definition: {
      match: 'all',
      conditions: [
        code('css_variable', `getPropertyValue\\s*\\(\\s*['"]--`),
        code('decode_or_run', '\\b(?:atob|eval|Function)\\s*\\('),
      ],
    },
  },
  {
    key: 'VGL-HIDE-003',
    name: 'Runs code received over a WebSocket',
    family: 'Hidden payload',
    severity: 'high',
    reference: ref.microsoft,
    description:
      'A WebSocket whose messages are passed to eval() or Function(): the skimmer itself never sits in the page.',
    definition: {
      match: 'all',
      conditions: [
        code('websocket', 'new\\s+WebSocket\\s*\\('),
        code('message_eval', 'onmessage[\\s\\S]{0,200}\\b(?:eval|Function)\\s*\\('),
      ],
    },
  },
  {
    key: 'VGL-HIDE-004',
    name: 'Tag-manager container that names card fields',
    family: 'Hidden payload',
    severity: 'high',
    reference: ref.microsoft,
    description:
      'A Google Tag Manager container whose code names payment-card fields: a skimmer hidden in a custom tag.',
    definition: {
      match: 'all',
      conditions: [
        { id: 'gtm_container', target: 'url', op: 'regex', value: 'googletagmanager\\.com/(?:gtm|gtag)' },
        code('card_fields', CARD_FIELDS),
      ],
    },
  },
  {
    key: 'VGL-LOAD-001',
    name: 'Injects a script from an encoded URL',
    family: 'Loader',
    severity: 'high',
    reference: ref.webskimmers,
    description: "createElement('script') whose src is decoded at run time (atob, fromCharCode, unescape).",
    definition: {
      conditions: [
        code(
          'encoded_loader',
          `createElement\\s*\\(\\s*['"]script['"]\\s*\\)[\\s\\S]{0,300}\\.src\\s*=\\s*(?:atob|String\\.fromCharCode|unescape|decodeURIComponent)\\s*\\(`,
        ),
      ],
    },
  },
];
