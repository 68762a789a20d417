import { screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import type { FindingDetail } from '../api/findings-api';
import { ChangeHistory } from './change-history';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const at = '2026-11-21T10:00:00.000Z';
const bo = { id: 1, name: 'Bo Blue', email: 'bo@acme.test' };
const history: FindingDetail['history'] = [
  { id: 1, field: 'assignee', from: null, to: '1', at, actor: null, from_user: null, to_user: bo },
  // A member without a name is shown by e-mail.
  {
    id: 2,
    field: 'assignee',
    from: '1',
    to: '2',
    at,
    from_user: bo,
    to_user: { id: 2, name: '', email: 'cy@acme.test' },
  },
  // User 3 left the company: the server names nobody, the id is never shown.
  {
    id: 3,
    field: 'assignee',
    from: '2',
    to: '3',
    at,
    from_user: { id: 2, name: '', email: 'cy@acme.test' },
    to_user: null,
  },
  { id: 4, field: 'assignee', from: '3', to: null, at, from_user: null, to_user: null },
];

describe('ChangeHistory', () => {
  it('names the assignees of a change, and a user no longer in the company as a former member', () => {
    renderWithProviders(<ChangeHistory history={history} />, { i18n });
    expect(screen.getByText('Assignee: — → Bo Blue')).toBeTruthy();
    expect(screen.getByText('Assignee: Bo Blue → cy@acme.test')).toBeTruthy();
    expect(screen.getByText('Assignee: cy@acme.test → former member')).toBeTruthy();
    expect(screen.getByText('Assignee: former member → —')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/→ \d|\d →/);
  });
});
