// The scanner's gate: where the browser may connect, decided once per host by the proxy.
import { describe, expect, it } from 'vitest';
import { gateAddress, ScanRefused } from './scan-proxy.js';

const deny = { privateTargets: false, hostMap: {}, mappedOnly: false };

describe('the gate', () => {
  it('refuses private, loopback and link-local addresses, literal or resolved', async () => {
    for (const host of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '169.254.169.254', '[::1]', '0.0.0.0', 'localhost']) {
      await expect(gateAddress(host, deny), host).rejects.toThrow(ScanRefused);
    }
    await expect(gateAddress('localhost', deny)).rejects.toThrow(
      'localhost resolves to a private, loopback or link-local address, which is not scanned.',
    );
  });

  it('lets a public address through, and private ones where the deployment allows them', async () => {
    await expect(gateAddress('93.184.215.14', deny)).resolves.toEqual({ address: '93.184.215.14' });
    await expect(gateAddress('10.1.2.3', { ...deny, privateTargets: true })).resolves.toEqual({ address: '10.1.2.3' });
  });

  it('sends mapped names where the platform says, and with mappedOnly nothing else', async () => {
    const map = {
      privateTargets: false,
      hostMap: { '*.shop.test': '127.0.0.1:8080', 'cdn.test': '127.0.0.1' },
      mappedOnly: true,
    };
    await expect(gateAddress('www.SHOP.test', map)).resolves.toEqual({ address: '127.0.0.1', port: 8080 });
    await expect(gateAddress('cdn.test', map)).resolves.toEqual({ address: '127.0.0.1' });
    await expect(gateAddress('shop.test', map)).rejects.toThrow('shop.test is not one of the reachable test hosts.');
    await expect(gateAddress('example.com', map)).rejects.toThrow(ScanRefused);
    await expect(gateAddress('127.0.0.1', map)).rejects.toThrow(/private, loopback or link-local/);
  });
});
