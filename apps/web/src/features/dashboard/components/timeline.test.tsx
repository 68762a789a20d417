import { fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { Timeline } from './timeline';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

// A whole screen's first render takes seconds on a busy machine (vitest's default is 5 s).
describe('Timeline filters', { timeout: 15_000 }, () => {
  it('sends the chosen event type', async () => {
    const { router, expectRequest } = renderWithListApi(<Timeline />, { i18n, path: '/dashboard' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Event type' }), { target: { value: 'score.changed' } });
    await expectRequest('/events', { kind: 'score.changed' });
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('score.changed');
  });
});
