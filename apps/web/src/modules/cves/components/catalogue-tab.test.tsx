import { fireEvent, screen, within } from '@testing-library/react';
import type { Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { CvesScreen } from './cves-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const log4shell: Schemas['CatalogueCve'] = {
  cve_id: 'CVE-2021-44228',
  published_at: '2021-12-10T10:15:09.143Z',
  last_modified_at: null,
  description: 'Apache Log4j2 JNDI features do not protect against attacker controlled LDAP endpoints.',
  severity: 'critical',
  cvss_score: 10,
  cvss_version: '3.1',
  epss: 0.94358,
  epss_percentile: 0.99957,
  kev: true,
  kev_date_added: '2021-12-10',
  products: ['apache:log4j'],
  watched: true,
};
const kevOnly: Schemas['CatalogueCve'] = {
  ...log4shell,
  cve_id: 'CVE-2025-99999',
  published_at: null,
  severity: null,
  cvss_score: null,
  cvss_version: null,
  watched: false,
};
const meta = { page: 1, page_size: 25, total: 2, total_is_lower_bound: false, has_more: false };

const detail: Schemas['CatalogueCveDetail'] = {
  data: {
    cve_id: 'CVE-2021-44228',
    published_at: '2021-12-10T10:15:09.143Z',
    last_modified_at: null,
    description: log4shell.description,
    severity: 'critical',
    severity_source: '3.1',
    cvss: [{ version: '3.1', score: 10, vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H', source: true }],
    cwes: ['CWE-502'],
    references: [{ url: 'https://logging.apache.org/log4j/2.x/security.html', source: null, tags: [] }],
    kev: {
      date_added: '2021-12-10',
      due_date: '2021-12-24',
      ransomware: 'Known',
      required_action: 'Apply updates.',
      notes: null,
    },
    epss: { score: 0.94358, percentile: 0.99957, model: 'v2025.03.14', date: '2026-11-21' },
    products: [{ vendor: 'apache', product: 'log4j', source: 'nvd' }],
    cpes: [],
    watch: {
      matched: true,
      items: [{ id: 1, vendor: 'apache', product: 'log4j', matched: ['apache:log4j'] }],
      finding_id: 9,
    },
  },
  freshness: {
    last_nvd_sync_at: null,
    last_upload_at: '2026-12-06T06:00:00.000Z',
    nvd_newest_published_at: '2025-08-22T15:15:00.000Z',
    kev_catalog_version: '2025.08.25',
  },
};

describe('CVE monitor catalogue tab', { timeout: 15_000 }, () => {
  it('lists the whole catalogue with its filters, unknown scores said as such', async () => {
    const { expectRequest } = renderWithListApi(<CvesScreen slots={noSlots} />, {
      i18n,
      path: '/cvemonitor?tab=catalogue',
      answers: { '/cve-catalogue': { data: [log4shell, kevOnly], meta } },
    });
    const table = await screen.findByRole('table', { name: 'The whole CVE catalogue' });
    expect(await within(table).findByText('CVE-2021-44228')).toBeTruthy();
    expect(within(table).getByText('Not yet scored by NVD')).toBeTruthy();
    expect(within(table).getByText('Not yet published by NVD')).toBeTruthy();
    expect(within(table).getByText('Matches')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'CVSS' }), { target: { value: '7' } });
    await expectRequest('/cve-catalogue', { min_cvss: '7' });
    fireEvent.change(screen.getByRole('combobox', { name: 'KEV' }), { target: { value: 'true' } });
    await expectRequest('/cve-catalogue', { min_cvss: '7', kev: 'true' });
  });

  it('opens a CVE from the URL (search links here) with its sources and the watch match', async () => {
    renderWithListApi(<CvesScreen slots={noSlots} />, {
      i18n,
      path: '/cvemonitor?tab=catalogue&cve=CVE-2021-44228',
      answers: { '/cve-catalogue': { data: [log4shell], meta }, '/cve-catalogue/CVE-2021-44228': detail },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    expect(await within(drawer).findByText('Your watch list matches it: apache:log4j (apache:log4j)')).toBeTruthy();
    expect(within(drawer).getByText('CVSS v3.1')).toBeTruthy();
    expect(within(drawer).getByText('CWE-502')).toBeTruthy();
    // What the catalogue's data holds, not only when it was loaded (a snapshot can be months old).
    expect(within(drawer).getByTestId('catalogue-freshness').textContent).toBe(
      'Catalogue data: NVD records published up to Aug 22, 2025, KEV release 2025.08.25; last NVD sync: never.',
    );
  });

  it("says a CVE is not in the catalogue with the API's sentence", async () => {
    const sentence = 'CVE-2024-0001 is not in the catalogue, last NVD sync 2026-12-05 08:15 UTC.';
    renderWithListApi(<CvesScreen slots={noSlots} />, {
      i18n,
      path: '/cvemonitor?tab=catalogue&cve=CVE-2024-0001',
      answers: { '/cve-catalogue/CVE-2024-0001': refusal(404, { message: sentence }) },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    expect(await within(drawer).findByText(sentence)).toBeTruthy();
  });
});
