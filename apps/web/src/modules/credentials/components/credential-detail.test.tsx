import { screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { CredentialsScreen } from './credentials-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const clear = 'Winter-Clear-2026!';
const credential = {
  id: 7,
  module: 'credentials',
  title: 'ana@acme.test',
  severity: 'high',
  status: 'new',
  assignee: null,
  first_seen_at: '2026-11-02T08:00:00.000Z',
  last_seen_at: '2026-11-20T08:00:00.000Z',
  is_demo: false,
  email: 'ana@acme.test',
  domain: 'acme.test',
  source_kind: 'infostealer',
  source_name: 'stealer-logs.tar',
  breach_date: '2026-10-30',
  data_classes: ['Email addresses', 'Passwords'],
  password_masked: '••••••••••••••••6! (18)',
  password_type: 'plaintext',
  url: 'https://vpn.acme.test/login',
  device_id: 12,
  // Whatever a server might add, the drawer shows the masked form only.
  password: clear,
};

describe('the leaked-credential drawer', { timeout: 15_000 }, () => {
  it('shows the evidence: e-mail, source, domain, dates, masked password, never the password', async () => {
    renderWithListApi(<CredentialsScreen slots={{ ...noSlots, renderFinding: (id) => <p>Triage of {id}</p> }} />, {
      i18n,
      path: '/credentials?open=7',
      answers: { '/credentials/7': { data: credential } },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    const evidence = await within(drawer).findByTestId('evidence');
    const value = (label: string) =>
      within(evidence).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('E-mail')).toBe('ana@acme.test');
    expect(value('Source')).toBe('stealer-logs.tar · Infostealer');
    expect(value('Domain')).toBe('acme.test');
    expect(value('Breach date')).toBe('Oct 30, 2026');
    expect(value('First seen')).toBe('Nov 2, 2026');
    expect(value('Last seen')).toBe('Nov 20, 2026');
    expect(value('Password (masked)')).toBe('••••••••••••••••6! (18)');
    expect(value('Data classes')).toBe('Email addressesPasswords');
    expect(within(evidence).getByRole('link', { name: 'https://vpn.acme.test/login' })).toBeTruthy();
    expect(within(evidence).getByRole('link', { name: 'Open the device' }).getAttribute('href')).toBe(
      '/credentials?tab=devices&open=12',
    );
    expect(within(drawer).getByText('Triage of 7')).toBeTruthy();
    expect(document.body.textContent).not.toContain(clear);
    expect(document.body.innerHTML).not.toContain('Winter-Clear');
  });
});
