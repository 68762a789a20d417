// The PCI DSS rules of one page, without a database: what makes 6.4.3 and 11.6.1 pass, fail or
// stay unknown, with the reasons the E-commerce view shows.
import { describe, expect, it } from 'vitest';
import { type ActiveScript, type PageFacts, pageCompliance, storeStatus } from './compliance.js';

const now = new Date('2026-11-30T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

const authorisedScript: ActiveScript = {
  kind: 'external',
  party: 'third',
  host: 'cdn.pay.example',
  sha256: 'a'.repeat(64),
  sri: false,
  authorisation: 'authorised',
  authorised_by_hash: true,
  authorised_sha256: 'a'.repeat(64),
  authorised_host: null,
};

const healthy: PageFacts = {
  enabled: true,
  scanIntervalHours: 24,
  lastFinishedStatus: 'done',
  lastDoneAt: hoursAgo(2),
  scripts: [authorisedScript, { ...authorisedScript, kind: 'inline', party: 'first', host: null }],
  unhandledFindings: 0,
};

const codes = (reasons: { code: string; count: number | null }[]) => reasons.map((r) => [r.code, r.count]);

describe('pageCompliance', () => {
  it('passes both requirements on a fresh scan with every script authorised and intact', () => {
    const result = pageCompliance(healthy, now);
    expect(result.pci_6_4_3).toEqual({
      status: 'pass',
      inventory_complete: true,
      all_authorised: true,
      integrity_assured: true,
      reasons: [],
    });
    expect(result.pci_11_6_1).toEqual({
      status: 'pass',
      scans_on_schedule: true,
      no_unhandled_alerts: true,
      reasons: [],
    });
  });

  it('is unknown before the first scan finished', () => {
    const result = pageCompliance({ ...healthy, lastFinishedStatus: null, lastDoneAt: null, scripts: [] }, now);
    expect(result.pci_6_4_3.status).toBe('unknown');
    expect(result.pci_11_6_1.status).toBe('unknown');
    expect(codes(result.pci_6_4_3.reasons)).toEqual([['never_scanned', null]]);
  });

  it('fails both when the last scan is older than the interval plus an hour of grace', () => {
    expect(pageCompliance({ ...healthy, lastDoneAt: hoursAgo(25) }, now).pci_11_6_1.status).toBe('pass');
    const late = pageCompliance({ ...healthy, lastDoneAt: hoursAgo(25.1) }, now);
    expect(late.pci_6_4_3).toMatchObject({ status: 'fail', inventory_complete: false });
    expect(late.pci_11_6_1).toMatchObject({ status: 'fail', scans_on_schedule: false });
    expect(codes(late.pci_11_6_1.reasons)).toEqual([['scan_overdue', null]]);
  });

  it('leaves the inventory incomplete when the latest scan failed, though the schedule still holds', () => {
    const result = pageCompliance({ ...healthy, lastFinishedStatus: 'failed' }, now);
    expect(result.pci_6_4_3).toMatchObject({ status: 'fail', inventory_complete: false });
    expect(codes(result.pci_6_4_3.reasons)).toEqual([['last_scan_failed', null]]);
    expect(result.pci_11_6_1.status).toBe('pass');
  });

  it('counts pending and denied scripts against "all authorised"', () => {
    const scripts = [
      { ...authorisedScript, authorisation: 'pending' as const, sri: true },
      { ...authorisedScript, authorisation: 'denied' as const, sri: true },
      { ...authorisedScript, authorisation: 'pending' as const, sri: true },
    ];
    const result = pageCompliance({ ...healthy, scripts }, now).pci_6_4_3;
    expect(result).toMatchObject({ status: 'fail', all_authorised: false, integrity_assured: true });
    expect(codes(result.reasons)).toEqual([
      ['pending_scripts', 2],
      ['denied_scripts', 1],
    ]);
  });

  it('fails integrity on a changed hash of a by-hash authorisation, not of a by-host one', () => {
    const changed = { ...authorisedScript, sha256: 'b'.repeat(64) };
    const byHash = pageCompliance({ ...healthy, scripts: [changed] }, now).pci_6_4_3;
    expect(byHash).toMatchObject({ status: 'fail', integrity_assured: false });
    expect(codes(byHash.reasons)).toEqual([['hash_mismatch', 1]]);
    const byHost = { ...changed, sri: true, authorised_by_hash: false, authorised_host: 'cdn.pay.example' };
    expect(pageCompliance({ ...healthy, scripts: [byHost] }, now).pci_6_4_3.status).toBe('pass');
    const otherHost = { ...byHost, authorised_host: 'cdn.other.example' };
    expect(pageCompliance({ ...healthy, scripts: [otherHost] }, now).pci_6_4_3.integrity_assured).toBe(false);
  });

  it('asks SRI of external third- and fourth-party scripts not pinned by hash', () => {
    const byHost = { ...authorisedScript, authorised_by_hash: false, authorised_host: 'cdn.pay.example' };
    const fourth = { ...authorisedScript, party: 'fourth' as const, authorisation: 'pending' as const };
    const first = { ...authorisedScript, party: 'first' as const, authorisation: 'pending' as const };
    const result = pageCompliance({ ...healthy, scripts: [byHost, fourth, first] }, now).pci_6_4_3;
    expect(codes(result.reasons)).toEqual([
      ['pending_scripts', 2],
      ['missing_sri', 2],
    ]);
    expect(pageCompliance({ ...healthy, scripts: [{ ...byHost, sri: true }] }, now).pci_6_4_3.status).toBe('pass');
  });

  it('fails 11.6.1 on unhandled alerts and on a disabled page', () => {
    const alerts = pageCompliance({ ...healthy, unhandledFindings: 3 }, now);
    expect(alerts.pci_11_6_1).toMatchObject({ status: 'fail', no_unhandled_alerts: false });
    expect(codes(alerts.pci_11_6_1.reasons)).toEqual([['unhandled_alerts', 3]]);
    expect(alerts.pci_6_4_3.status).toBe('pass');
    const disabled = pageCompliance({ ...healthy, enabled: false }, now).pci_11_6_1;
    expect(disabled).toMatchObject({ status: 'fail', scans_on_schedule: false });
    expect(codes(disabled.reasons)).toEqual([['page_disabled', null]]);
  });
});

describe('storeStatus', () => {
  it('fails with one failing enabled page, is unknown without enabled pages or with an unknown one', () => {
    expect(storeStatus([{ enabled: true, status: 'pass' }])).toBe('pass');
    expect(
      storeStatus([
        { enabled: true, status: 'pass' },
        { enabled: true, status: 'fail' },
      ]),
    ).toBe('fail');
    expect(storeStatus([{ enabled: false, status: 'fail' }])).toBe('unknown');
    expect(storeStatus([])).toBe('unknown');
    expect(
      storeStatus([
        { enabled: true, status: 'pass' },
        { enabled: true, status: 'unknown' },
        { enabled: false, status: 'fail' },
      ]),
    ).toBe('unknown');
  });
});
