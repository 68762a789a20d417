// The HTTP(S) probe, on each HTTPS and HTTP port of a target: status, title, server and redirects
// of its home page (redirects followed within the scope only), its security headers (HSTS, CSP,
// X-Frame-Options or frame-ancestors, Referrer-Policy, Permissions-Policy, nosniff), and the usual
// admin and sign-in paths, a page with a password field there being an exposed panel.
import type { IncomingHttpHeaders } from 'node:http';
import type { Severity } from '../../../platform/findings/findings.table.js';
import { finding, type ProbeFinding, type ProbeOutput, type ProbeTarget } from './probe.types.js';
import { type HttpAnswer, OutOfScope, type ProbeNet } from './probe-net.js';

const MAX_REDIRECTS = 5;
export const PANEL_PATHS = ['/admin/', '/login', '/wp-login.php', '/administrator/', '/phpmyadmin/', '/manager/html'];

const headerChecks: { id: string; name: string; severity: Severity; present: (h: IncomingHttpHeaders) => boolean }[] = [
  {
    id: 'csp',
    name: 'Content-Security-Policy',
    severity: 'low',
    present: (h) => Boolean(h['content-security-policy']),
  },
  {
    id: 'frame-options',
    name: 'X-Frame-Options or CSP frame-ancestors',
    severity: 'low',
    present: (h) =>
      Boolean(h['x-frame-options']) || /frame-ancestors/i.test(String(h['content-security-policy'] ?? '')),
  },
  { id: 'referrer-policy', name: 'Referrer-Policy', severity: 'info', present: (h) => Boolean(h['referrer-policy']) },
  {
    id: 'permissions-policy',
    name: 'Permissions-Policy',
    severity: 'info',
    present: (h) => Boolean(h['permissions-policy']),
  },
  {
    id: 'nosniff',
    name: 'X-Content-Type-Options: nosniff',
    severity: 'low',
    present: (h) => /nosniff/i.test(String(h['x-content-type-options'] ?? '')),
  },
];

const titleOf = (body: string) =>
  /<title[^>]*>([^<]{0,300})<\/title>/i.exec(body)?.[1]?.replace(/\s+/g, ' ').trim() ?? null;
const hasPasswordField = (body: string) => /<input[^>]+type\s*=\s*["']?password/i.test(body);
const isHtml = (h: IncomingHttpHeaders) => /html/i.test(String(h['content-type'] ?? ''));

interface Page {
  url: string;
  answer: HttpAnswer;
  redirects: string[];
}

/** GET with redirects followed while they stay in scope; the last answer and the way there. */
async function fetchPage(net: ProbeNet, start: URL): Promise<Page> {
  let url = start;
  const redirects: string[] = [];
  for (;;) {
    const answer = await net.get(url);
    const location = answer.headers.location;
    if (answer.status < 300 || answer.status > 399 || !location || redirects.length >= MAX_REDIRECTS) {
      return { url: url.href, answer, redirects };
    }
    const next = new URL(location, url);
    redirects.push(next.href);
    if ((next.protocol !== 'http:' && next.protocol !== 'https:') || !net.scope.targetInScope(next.hostname)) {
      return { url: url.href, answer, redirects };
    }
    url = next;
  }
}

/** The problems of one origin's home page and panels. */
function problemsOf(origin: URL, page: Page, panels: string[], findings: ProbeFinding[]): void {
  const where = origin.origin;
  const final = new URL(page.url);
  const { headers, status, body } = page.answer;
  const login = hasPasswordField(body);
  for (const panel of panels) {
    findings.push(
      finding('http', `exposed-panel:${panel}`, 'medium', `Admin or sign-in panel exposed at ${panel}`, { url: panel }),
    );
  }
  // Headers are judged where the page is served: an origin that redirects to another leaves it to that one.
  if (final.origin !== origin.origin || status >= 400) return;
  if (origin.protocol === 'https:' && !headers['strict-transport-security']) {
    if (login) {
      findings.push(
        finding('http', `login-without-hsts:${where}`, 'high', `Sign-in page without HSTS at ${where}`, {
          url: page.url,
        }),
      );
    } else {
      findings.push(finding('http', `missing-hsts:${where}`, 'low', `No HSTS header at ${where}`, { url: page.url }));
    }
  }
  if (origin.protocol === 'http:') {
    if (login) {
      findings.push(
        finding('http', `login-over-http:${where}`, 'high', `Sign-in page served over plain HTTP at ${where}`, {
          url: page.url,
        }),
      );
    } else {
      findings.push(
        finding(
          'http',
          `no-https-redirect:${where}`,
          'low',
          `${where} serves plain HTTP without redirecting to HTTPS`,
          { url: page.url },
        ),
      );
    }
  }
  if (!isHtml(headers)) return;
  for (const check of headerChecks) {
    if (!check.present(headers)) {
      findings.push(
        finding('http', `missing-${check.id}:${where}`, check.severity, `Missing ${check.name} at ${where}`, {
          url: page.url,
        }),
      );
    }
  }
  if (/\d/.test(String(headers.server ?? ''))) {
    findings.push(
      finding('http', `server-version:${where}`, 'info', `Server version disclosed at ${where} (${headers.server})`, {
        server: headers.server,
      }),
    );
  }
}

export async function probeHttp(net: ProbeNet, target: ProbeTarget): Promise<ProbeOutput> {
  const host = target.value.includes(':') ? `[${target.value}]` : target.value;
  const origins = [
    ...net.settings.httpsPorts.map((p) => new URL(`https://${host}:${p}/`)),
    ...net.settings.httpPorts.map((p) => new URL(`http://${host}:${p}/`)),
  ];
  const findings: ProbeFinding[] = [];
  const results: Record<string, unknown>[] = [];
  for (const origin of origins) {
    let page: Page;
    try {
      page = await fetchPage(net, origin);
    } catch (error) {
      if (error instanceof OutOfScope) throw error;
      results.push({ origin: origin.origin, failed: (error as { code?: string }).code ?? (error as Error).message });
      continue;
    }
    const panels: string[] = [];
    if (new URL(page.url).origin === origin.origin) {
      for (const path of PANEL_PATHS) {
        const panel = await net.get(new URL(path, origin)).catch(() => null);
        if (panel && panel.status === 200 && hasPasswordField(panel.body)) panels.push(new URL(path, origin).href);
      }
    }
    const { headers, status, body } = page.answer;
    problemsOf(origin, page, panels, findings);
    results.push({
      origin: origin.origin,
      status,
      title: titleOf(body),
      server: headers.server ?? null,
      final_url: page.url,
      redirects: page.redirects,
      login: hasPasswordField(body),
      hsts: headers['strict-transport-security'] ?? null,
      csp: headers['content-security-policy'] ?? null,
      frame_options: headers['x-frame-options'] ?? null,
      referrer_policy: headers['referrer-policy'] ?? null,
      permissions_policy: headers['permissions-policy'] ?? null,
      content_type_options: headers['x-content-type-options'] ?? null,
      panels,
    });
  }
  return { result: { origins: results }, findings, discovered: [] };
}
