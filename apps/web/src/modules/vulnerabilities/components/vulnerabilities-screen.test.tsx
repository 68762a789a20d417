import { fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi, slotsWithAssignees } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { VulnerabilitiesScreen } from './vulnerabilities-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

// A whole screen's first render takes seconds on a busy machine (vitest's default is 5 s).
describe('VulnerabilitiesScreen filters', { timeout: 15_000 }, () => {
  it('sends the typed host, trimmed, once typing pauses, and keeps it in the URL', async () => {
    const { router, expectRequest } = renderWithListApi(<VulnerabilitiesScreen slots={noSlots} />, {
      i18n,
      path: '/vulnerabilities',
      answers: {
        '/vulnerabilities/sla-policy': { data: { critical_days: 7, high_days: 30, medium_days: 90, low_days: 180 } },
      },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Host' }), { target: { value: ' shop.acme.test ' } });
    await expectRequest('/vulnerabilities', { host: 'shop.acme.test' });
    expect(new URLSearchParams(router.state.location.search).get('host')).toBe(' shop.acme.test ');
  });

  it('reads "assigned to me" from the URL as the signed-in user\'s id, and sends unassigned as 0', async () => {
    const slots = slotsWithAssignees({ currentUserId: 3, members: [{ id: 3, name: 'Ana' }] });
    const { router, expectRequest } = renderWithListApi(<VulnerabilitiesScreen slots={slots} />, {
      i18n,
      path: '/vulnerabilities?assignee_id=me',
      answers: {
        '/vulnerabilities/sla-policy': { data: { critical_days: 7, high_days: 30, medium_days: 90, low_days: 180 } },
      },
    });
    const assignee = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Assignee' });
    expect(assignee.value).toBe('me');
    await expectRequest('/vulnerabilities', { assignee_id: '3' });
    fireEvent.change(assignee, { target: { value: '0' } });
    await expectRequest('/vulnerabilities', { assignee_id: '0' });
    expect(new URLSearchParams(router.state.location.search).get('assignee_id')).toBe('0');
  });
});
