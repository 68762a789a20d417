import { fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi, slotsWithAssignees } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { CredentialsScreen } from './credentials-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

// A whole screen's first render takes seconds on a busy machine (vitest's default is 5 s).
describe('CredentialsScreen filters', { timeout: 15_000 }, () => {
  it('sends the domain of the breaches tab', async () => {
    const { router, expectRequest } = renderWithListApi(<CredentialsScreen slots={noSlots} />, {
      i18n,
      path: '/credentials',
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Domain' }), { target: { value: 'acme.test' } });
    await expectRequest('/credentials', { domain: 'acme.test' });
    expect(new URLSearchParams(router.state.location.search).get('domain')).toBe('acme.test');
  });

  it('sends the clear-password filter of the breaches tab, and exports with it', async () => {
    const { expectRequest } = renderWithListApi(<CredentialsScreen slots={noSlots} />, {
      i18n,
      path: '/credentials',
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Password type' }), { target: { value: 'plaintext' } });
    await expectRequest('/credentials', { password_type: 'plaintext' });
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/credentials/export?password_type=plaintext');
  });

  it('sends the malware family of the devices tab', async () => {
    const { expectRequest } = renderWithListApi(<CredentialsScreen slots={noSlots} />, {
      i18n,
      path: '/credentials?tab=devices',
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Malware family' }), { target: { value: 'Lumma' } });
    await expectRequest('/credentials/devices', { malware_family: 'Lumma' });
    // The devices' CSV export carries the same filter.
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/credentials/devices/export?malware_family=Lumma');
  });

  it('sends the chosen member as assignee_id on both tabs and keeps it in the URL', async () => {
    const slots = slotsWithAssignees({ currentUserId: 3, members: [{ id: 7, name: 'Bruno' }] });
    const breaches = renderWithListApi(<CredentialsScreen slots={slots} />, { i18n, path: '/credentials' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Assignee' }), { target: { value: '7' } });
    await breaches.expectRequest('/credentials', { assignee_id: '7' });
    expect(new URLSearchParams(breaches.router.state.location.search).get('assignee_id')).toBe('7');
    breaches.unmount();

    const devices = renderWithListApi(<CredentialsScreen slots={slots} />, {
      i18n,
      path: '/credentials?tab=devices&assignee_id=0',
    });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Assignee' }).value).toBe('0');
    await devices.expectRequest('/credentials/devices', { assignee_id: '0' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Assignee' }), { target: { value: '7' } });
    await devices.expectRequest('/credentials/devices', { assignee_id: '7' });
  });
});
