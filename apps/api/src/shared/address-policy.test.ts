// The one address policy (issue 32 item 3): every row of the IANA special-purpose registries, every
// IPv6 form that carries an IPv4 address, and each place that contacts a user's target using it.
import { describe, expect, it } from 'vitest';
import { refuseProbeAddress } from '../modules/assets/probes/probe-scope.js';
import { gateAddress, ScanRefused } from '../modules/scripts/scanner/scan-proxy.js';
import { refuseUrl, resolveTarget, TargetRefused } from '../platform/alerts/webhook-target.js';
import { classifyAddress, IPV4_SPECIAL, IPV6_SPECIAL, isInternalAddress, isLoopbackAddress } from './address-policy.js';

// One address inside each registry row (a more specific row may not cover it), and what it is.
const v4Rows: [address: string, cidr: string, reachable: boolean][] = [
  ['0.1.2.3', '0.0.0.0/8', false],
  ['0.0.0.0', '0.0.0.0/32', false],
  ['10.20.30.40', '10.0.0.0/8', false],
  ['100.64.0.1', '100.64.0.0/10', false],
  ['100.127.255.254', '100.64.0.0/10', false],
  ['127.0.0.1', '127.0.0.0/8', false],
  ['127.255.0.9', '127.0.0.0/8', false],
  ['169.254.169.254', '169.254.0.0/16', false],
  ['172.16.0.1', '172.16.0.0/12', false],
  ['172.31.255.255', '172.16.0.0/12', false],
  ['192.0.0.100', '192.0.0.0/24', false],
  ['192.0.0.1', '192.0.0.0/29', false],
  ['192.0.0.8', '192.0.0.8/32', false],
  ['192.0.0.9', '192.0.0.9/32', true],
  ['192.0.0.10', '192.0.0.10/32', true],
  ['192.0.0.170', '192.0.0.170/31', false],
  ['192.0.0.171', '192.0.0.170/31', false],
  ['192.0.2.5', '192.0.2.0/24', false],
  ['192.31.196.1', '192.31.196.0/24', true],
  ['192.52.193.1', '192.52.193.0/24', true],
  ['192.88.99.1', '192.88.99.0/24', false],
  ['192.168.1.1', '192.168.0.0/16', false],
  ['192.175.48.1', '192.175.48.0/24', true],
  ['198.18.0.1', '198.18.0.0/15', false],
  ['198.19.255.1', '198.18.0.0/15', false],
  ['198.51.100.7', '198.51.100.0/24', false],
  ['203.0.113.7', '203.0.113.0/24', false],
  ['224.0.0.251', '224.0.0.0/4', false],
  ['239.255.255.250', '224.0.0.0/4', false],
  ['240.0.0.1', '240.0.0.0/4', false],
  ['255.255.255.255', '255.255.255.255/32', false],
];

const v6Rows: [address: string, cidr: string, reachable: boolean][] = [
  ['::', '::/128', false],
  ['::1', '::1/128', false],
  ['64:ff9b:1::a00:1', '64:ff9b:1::/48', false],
  ['64:ff9b:1:ffff::8.8.8.8', '64:ff9b:1::/48', false],
  ['100::1', '100::/64', false],
  ['100:0:0:1::1', '100:0:0:1::/64', false],
  ['2001:100::1', '2001::/23', false],
  ['2001:1::1', '2001:1::1/128', true],
  ['2001:1::2', '2001:1::2/128', true],
  ['2001:1::3', '2001:1::3/128', true],
  ['2001:2::1', '2001:2::/48', false],
  ['2001:3::1', '2001:3::/32', true],
  ['2001:4:112::1', '2001:4:112::/48', true],
  ['2001:10::1', '2001:10::/28', false],
  ['2001:20::1', '2001:20::/28', false],
  ['2001:30::1', '2001:30::/28', false],
  ['2001:db8::1', '2001:db8::/32', false],
  ['2620:4f:8000::1', '2620:4f:8000::/48', true],
  ['3fff::1', '3fff::/20', false],
  ['3fff:fff::1', '3fff::/20', false],
  ['5f00::1', '5f00::/16', false],
  ['fc00::1', 'fc00::/7', false],
  ['fd12:3456::1', 'fc00::/7', false],
  ['fe80::1', 'fe80::/10', false],
  ['fe80::1%eth0', 'fe80::/10', false],
  ['febf::1', 'fe80::/10', false],
  ['fec0::1', 'fec0::/10', false],
  ['ff02::1', 'ff00::/8', false],
];

describe('the IANA special-purpose registries', () => {
  it.each(v4Rows)('IPv4 %s lies in %s (reachable: %s)', (address, cidr, reachable) => {
    const verdict = classifyAddress(address);
    expect(verdict?.range?.cidr).toBe(cidr);
    expect(verdict?.reachable).toBe(reachable);
    expect(isInternalAddress(address)).toBe(!reachable);
  });

  it.each(v6Rows)('IPv6 %s lies in %s (reachable: %s)', (address, cidr, reachable) => {
    const verdict = classifyAddress(address);
    expect(verdict?.range?.cidr).toBe(cidr);
    expect(verdict?.reachable).toBe(reachable);
    expect(isInternalAddress(address)).toBe(!reachable);
  });

  it('has a case above for every row of both tables', () => {
    const covered = new Set([...v4Rows, ...v6Rows].map(([, cidr]) => cidr));
    const rows = [...IPV4_SPECIAL, ...IPV6_SPECIAL].map((r) => r.cidr);
    expect(rows.filter((cidr) => !covered.has(cidr))).toEqual([]);
  });

  it('lets ordinary public unicast through, IPv6 only inside 2000::/3, and refuses what is not an address', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '93.184.215.14', '100.63.255.255', '100.128.0.0', '172.32.0.1']) {
      expect(classifyAddress(address), address).toMatchObject({ range: null, reachable: true });
    }
    for (const address of ['2606:4700::1111', '2a00:1450:4007::200e', '2001:4860:4860::8888', '[2606:4700::1]']) {
      expect(isInternalAddress(address), address).toBe(false);
    }
    // Outside 2000::/3 and in no row: reserved or unassigned space.
    for (const address of ['4000::1', '1::1', 'e000::1', '200::1'])
      expect(isInternalAddress(address), address).toBe(true);
    for (const text of ['', 'localhost', 'example.com', '2130706433', '0x7f.1', '10.0.0', '::g']) {
      expect(classifyAddress(text), text).toBeNull();
      expect(isInternalAddress(text), text).toBe(true);
    }
  });
});

// Each IPv6 form carrying an IPv4 address, written for a given IPv4 address.
const forms: [form: string, write: (a: number, b: number, c: number, d: number) => string][] = [
  ['ipv4-mapped', (a, b, c, d) => `::ffff:${a}.${b}.${c}.${d}`],
  ['ipv4-mapped', (a, b, c, d) => `::ffff:${hex(a, b)}:${hex(c, d)}`],
  ['ipv4-compatible', (a, b, c, d) => `::${a}.${b}.${c}.${d}`],
  ['ipv4-translated', (a, b, c, d) => `::ffff:0:${a}.${b}.${c}.${d}`],
  ['nat64', (a, b, c, d) => `64:ff9b::${a}.${b}.${c}.${d}`],
  ['nat64', (a, b, c, d) => `64:ff9b::${hex(a, b)}:${hex(c, d)}`],
  ['6to4', (a, b, c, d) => `2002:${hex(a, b)}:${hex(c, d)}::1`],
  ['teredo', (a, b, c, d) => `2001:0:4136:e378:8000:63bf:${hex(255 - a, 255 - b)}:${hex(255 - c, 255 - d)}`],
];
const hex = (x: number, y: number) => ((x << 8) | y).toString(16);

const internalV4 = ['10.0.0.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '192.168.1.1', '172.16.0.1', '0.1.2.3'];

describe('IPv6 forms carrying an IPv4 address', () => {
  it.each(forms)('%s (%#) is reduced to the IPv4 address it carries and refused when that one is', (form, write) => {
    for (const v4 of internalV4) {
      const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
      const address = write(a, b, c, d);
      const verdict = classifyAddress(address);
      expect(verdict, address).toMatchObject({ form, ipv4: v4, reachable: false });
      expect(verdict?.range, address).toEqual(classifyAddress(v4)?.range);
      expect(isInternalAddress(address), address).toBe(true);
    }
  });

  it('lets a public IPv4 address through where the form is routed, never the deprecated ones', () => {
    const reachable = Object.fromEntries(forms.map(([form, write]) => [form, !isInternalAddress(write(8, 8, 8, 8))]));
    expect(reachable).toEqual({
      'ipv4-mapped': true,
      'ipv4-compatible': false,
      'ipv4-translated': false,
      nat64: true,
      '6to4': true,
      teredo: true,
    });
    // A Teredo address whose server is internal is refused too.
    expect(isInternalAddress('2001:0:a00:1:8000:63bf:f7f7:f7f7')).toBe(true);
  });

  it('counts only the machine itself as loopback: 127/8, ::1, 127/8 IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      '10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::',
      '0.0.0.0',
      '::',
      'localhost',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
  });
});

// The embedded forms that today's checks missed, and a few registry rows they missed too.
const missed = [
  '::10.0.0.1',
  '::ffff:0:10.0.0.1',
  '::ffff:0:a9fe:a9fe',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::127.0.0.1',
  '2002:a00:1::1',
  '2002:7f00:1::',
  '2001:0:4136:e378:8000:63bf:f5ff:fffe',
  '192.0.2.1',
  '240.0.0.1',
  '2001:db8::1',
  '100::1',
];

describe('every place that contacts a target uses the policy', () => {
  it('webhooks refuse them when saved and when resolved for a delivery', async () => {
    for (const address of missed) {
      const url = `http://${address.includes(':') ? `[${address}]` : address}/hook`;
      expect(refuseUrl(url, false), url).toBe(
        'Private, loopback and link-local addresses are not allowed as webhook targets.',
      );
      await expect(resolveTarget(url, false), url).rejects.toBeInstanceOf(TargetRefused);
    }
  });

  it("the page scanner's gate refuses them", async () => {
    for (const address of missed) {
      await expect(
        gateAddress(address, { privateTargets: false, hostMap: {}, mappedOnly: false }),
        address,
      ).rejects.toThrow(ScanRefused);
    }
  });

  it('the probes refuse them, and a loopback-only run accepts the IPv4-mapped loopback only', () => {
    const run = { allowPrivate: false, loopbackOnly: false };
    for (const address of missed) {
      expect(refuseProbeAddress(address, run), address).toMatch(/not allowed for probes/);
    }
    const local = { allowPrivate: true, loopbackOnly: true };
    expect(refuseProbeAddress('::ffff:7f00:1', local)).toBeUndefined();
    expect(refuseProbeAddress('64:ff9b::7f00:1', local)).toMatch(/not a loopback address/);
  });
});
