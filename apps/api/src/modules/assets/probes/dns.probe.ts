// The DNS probe: A/AAAA/CNAME of every host name; for a domain (or e-mail domain) also MX, NS, TXT,
// CAA and its e-mail security (SPF, DMARC, DKIM for the configured selectors). A CNAME whose target
// does not exist is dangling (a takeover candidate). In-scope names it meets (CNAME targets, mail
// exchangers, name servers) become assets, probed later in the same run.

import { type Discovered, finding, type ProbeFinding, type ProbeOutput, type ProbeTarget } from './probe.types.js';
import type { ProbeNet } from './probe-net.js';

interface Answer<T> {
  values: T[];
  /** The resolver's error code: ENOTFOUND is a name that does not exist, ENODATA one without this type. */
  code: string | null;
}

async function ask<T>(query: () => Promise<T[]>): Promise<Answer<T>> {
  try {
    return { values: await query(), code: null };
  } catch (error) {
    return { values: [], code: (error as { code?: string }).code ?? 'ERROR' };
  }
}

/** The resolver could not answer (a timeout, a refusal, SERVFAIL): nothing may be concluded. */
export class DnsUnavailable extends Error {}

/** Throws when a query got no answer: an absent record is NXDOMAIN or NODATA, never a failure. */
function answered(...answers: Answer<unknown>[]): void {
  const failed = answers.find((a) => a.code !== null && a.code !== 'ENOTFOUND' && a.code !== 'ENODATA');
  if (failed) throw new DnsUnavailable(`The resolver did not answer (${failed.code}).`);
}

const text = (records: string[][]) => records.map((chunks) => chunks.join(''));
const sorted = (values: string[]) => [...new Set(values)].sort();

/** A name's addresses and CNAME, and whether its CNAME leads nowhere. */
async function hostRecords(net: ProbeNet, host: string) {
  const { resolver } = net;
  const [a, aaaa, cname] = await Promise.all([
    ask(() => resolver.resolve4(host)),
    ask(() => resolver.resolve6(host)),
    ask(() => resolver.resolveCname(host)),
  ]);
  answered(a, aaaa, cname);
  const exists = [a, aaaa, cname].some((r) => r.code !== 'ENOTFOUND');
  const target = cname.values[0]?.toLowerCase() ?? null;
  let dangling = false;
  if (target && a.values.length === 0 && aaaa.values.length === 0) {
    const [a2, aaaa2] = await Promise.all([ask(() => resolver.resolve4(target)), ask(() => resolver.resolve6(target))]);
    answered(a2, aaaa2);
    dangling = a2.code === 'ENOTFOUND' && aaaa2.code === 'ENOTFOUND';
  }
  return { a: sorted(a.values), aaaa: sorted(aaaa.values), cname: target, exists, dangling };
}

/** SPF, DMARC, DKIM, CAA, MX and NS of a domain, with the problems they show. */
async function domainRecords(net: ProbeNet, domain: string, findings: ProbeFinding[]) {
  const { resolver } = net;
  const [mx, ns, txt, caa, dmarcTxt] = await Promise.all([
    ask(() => resolver.resolveMx(domain)),
    ask(() => resolver.resolveNs(domain)),
    ask(() => resolver.resolveTxt(domain)),
    ask(() => resolver.resolveCaa(domain)),
    ask(() => resolver.resolveTxt(`_dmarc.${domain}`)),
  ]);
  answered(mx, ns, txt, caa, dmarcTxt);
  const txts = sorted(text(txt.values));
  const spf = txts.filter((t) => /^v=spf1(\s|$)/i.test(t));
  const dmarc = text(dmarcTxt.values).find((t) => /^v=DMARC1/i.test(t)) ?? null;
  const dkim: string[] = [];
  for (const selector of net.settings.dkimSelectors) {
    const key = await ask(() => resolver.resolveTxt(`${selector}._domainkey.${domain}`));
    answered(key);
    if (text(key.values).some((t) => /(^|;)\s*(v=DKIM1|p=)/i.test(t))) dkim.push(selector);
  }
  if (spf.length === 0) {
    findings.push(finding('dns', `no-spf:${domain}`, 'medium', `No SPF record on ${domain}`));
  } else if (spf.some((s) => /\s\+?all\b/i.test(s) && !/[-~?]all\b/i.test(s))) {
    findings.push(finding('dns', `spf-allows-all:${domain}`, 'high', `SPF of ${domain} allows any sender`, { spf }));
  }
  const policy = dmarc ? (/\bp=\s*(\w+)/i.exec(dmarc)?.[1]?.toLowerCase() ?? 'none') : null;
  if (!dmarc) findings.push(finding('dns', `no-dmarc:${domain}`, 'medium', `No DMARC record on ${domain}`));
  else if (policy === 'none') {
    findings.push(
      finding('dns', `dmarc-none:${domain}`, 'low', `DMARC of ${domain} only monitors (p=none)`, { dmarc }),
    );
  }
  if (net.settings.dkimSelectors.length > 0 && dkim.length === 0 && mx.values.length > 0) {
    findings.push(
      finding('dns', `no-dkim:${domain}`, 'low', `No DKIM key found on ${domain}`, {
        selectors: net.settings.dkimSelectors,
      }),
    );
  }
  if (caa.values.length === 0) {
    findings.push(finding('dns', `no-caa:${domain}`, 'info', `No CAA record on ${domain}: any authority may issue`));
  }
  return {
    mx: mx.values.map((m) => `${m.priority} ${m.exchange.toLowerCase()}`).sort(),
    ns: sorted(ns.values.map((n) => n.toLowerCase())),
    txt: txts,
    spf,
    dmarc,
    dkim,
    caa: caa.values
      .map((c) =>
        Object.entries(c)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(' '),
      )
      .sort(),
  };
}

export async function probeDns(net: ProbeNet, target: ProbeTarget): Promise<ProbeOutput & { exists: boolean }> {
  const host = target.value;
  const findings: ProbeFinding[] = [];
  const records = await hostRecords(net, host);
  if (records.dangling && records.cname) {
    findings.push(
      finding(
        'dns',
        `dangling-cname:${host}`,
        'high',
        `Dangling CNAME: ${host} points to ${records.cname}, which does not exist`,
        {
          cname: records.cname,
        },
      ),
    );
  }
  const isDomain = target.type === 'domain' || target.type === 'email_domain';
  const domain = isDomain && records.exists ? await domainRecords(net, host, findings) : null;
  const discovered: Discovered[] = [
    ...records.a.map((ip) => ({ type: 'ip' as const, value: ip, relation: 'resolves_to' as const })),
    ...records.aaaa.map((ip) => ({ type: 'ip' as const, value: ip, relation: 'resolves_to' as const })),
  ];
  const named = (name: string | null | undefined, relation: Discovered['relation']) => {
    if (!name || name === host || !net.scope.hostInScope(name)) return;
    const type = net.scope.domains.includes(name) ? 'domain' : 'subdomain';
    discovered.push({ type, value: name, relation });
  };
  named(records.cname, 'cname_to');
  for (const mx of domain?.mx ?? []) named(mx.split(' ')[1], 'mail_exchanger');
  for (const ns of domain?.ns ?? []) named(ns, 'name_server');
  return { result: { ...records, ...(domain ?? {}) }, findings, discovered, exists: records.exists };
}
