import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { DeviceDetail } from './device-detail';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const web = ['https://portal.acme.test/login', 'http://intranet.acme.test/'];
// A stealer log holds whatever the browser saw: these are shown, never made links.
const hostile = [
  'javascript:alert(1)',
  ' JavaScript:alert(2)',
  'data:text/html,<script>alert(3)</script>',
  'file:///etc/passwd',
  'vbscript:msgbox(4)',
  'android://hash@com.acme.app/',
  '//evil.example/path',
  'not a url',
];

describe('DeviceDetail', { timeout: 15_000 }, () => {
  it('makes links of http(s) URLs only, and shows every other URL as text', async () => {
    renderWithListApi(<DeviceDetail id={5} triage={null} />, {
      i18n,
      answers: {
        '/credentials/devices/5': {
          data: {
            id: 5,
            machine_name: 'DESKTOP-1',
            malware_family: 'Lumma',
            infection_date: null,
            ip: null,
            country: null,
            os: null,
            urls: [...web, ...hostile],
            credential_count: 0,
          },
          credentials: [],
        },
      },
    });
    for (const url of web) {
      const link = await screen.findByRole('link', { name: url });
      expect(link.getAttribute('href')).toBe(url);
      expect(link.getAttribute('rel')).toContain('noopener');
    }
    for (const url of hostile) expect(screen.getByText(url.trim())).toBeTruthy();
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(web);
  });
});
