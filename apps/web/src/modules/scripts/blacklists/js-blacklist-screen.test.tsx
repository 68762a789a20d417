import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { blacklistPage, entry } from '../rules/rules.test-data';
import { JsBlacklistScreen } from './js-blacklist-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

describe('the JS blacklist', { timeout: 15_000 }, () => {
  it('lists entries with kind, family, source, first seen, status and hits; filters go to the API and the export', async () => {
    const imports: string[] = [];
    const { expectRequest } = renderWithListApi(
      <JsBlacklistScreen
        slots={{
          ...noSlots,
          renderImport: (kinds) => {
            imports.push(kinds);
            return null;
          },
        }}
      />,
      {
        i18n,
        path: '/jsblacklist?kind=host&kind=url&status=active&family=magecart&q=evil',
        answers: { '/js-blacklist': blacklistPage },
      },
    );
    await expectRequest('/js-blacklist', { kind: 'host', status: 'active', family: 'magecart', q: 'evil' });
    const row = await screen.findByRole('row', { name: /collect\.evil\.test/ });
    expect(within(row).getByText('Host')).toBeTruthy();
    expect(row.textContent).toContain('magecart-iocs.txt');
    expect(row.textContent).toContain('Oct 1, 2026');
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(row.textContent).toContain('4');
    const exported = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '',
      'http://vigil.test',
    );
    expect(exported.pathname).toBe('/api/js-blacklist/export');
    expect(exported.searchParams.getAll('kind')).toEqual(['host', 'url']);
    expect(exported.searchParams.get('family')).toBe('magecart');
    expect(imports.at(-1)).toBe('scripts');
    expect(screen.getByTestId('demo-badge')).toBeTruthy();
  });

  it("names an entry added by hand in words, not the server's stored source 'manual'", async () => {
    const byHand = { ...entry, id: 6, value: 'cdn.skim.test', source: 'manual' };
    renderWithListApi(<JsBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/jsblacklist',
      answers: { '/js-blacklist': { ...blacklistPage, data: [entry, byHand] } },
    });
    const row = await screen.findByRole('row', { name: /cdn\.skim\.test/ });
    expect(within(row).getByText('Added by hand')).toBeTruthy();
    expect(within(row).queryByText('manual')).toBeNull();
    expect((await screen.findByRole('row', { name: /collect\.evil\.test/ })).textContent).toContain(
      'magecart-iocs.txt',
    );
  });

  it('adds an entry: the kind inferred by the server unless chosen, blanks null, source manual', async () => {
    const { writes } = renderWithListApi(<JsBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/jsblacklist',
      answers: { '/js-blacklist': blacklistPage, 'POST /js-blacklist': { data: entry } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Value/ }), {
      target: { value: ' https://cdn.evil.test/skim.js ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Family' }), { target: { value: 'inter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.body).toEqual({
      value: 'https://cdn.evil.test/skim.js',
      source: 'manual',
      family: 'inter',
      status: 'active',
      notes: null,
    });
  });

  it("keeps the dialog open with the server's answer when the entry exists", async () => {
    renderWithListApi(<JsBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/jsblacklist',
      answers: {
        '/js-blacklist': blacklistPage,
        'POST /js-blacklist': refusal(409, { message: 'This host is already on the blacklist.' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add entry' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Value/ }), {
      target: { value: 'collect.evil.test' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Kind' }), { target: { value: 'host' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    expect(await within(dialog).findByText('This host is already on the blacklist.')).toBeTruthy();
    // Closed before the next test: a dialog left open keeps its layer in the dismissal stack.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add entry' })).toBeNull());
  });

  it("edits an entry's status and notes, and deletes one after asking", async () => {
    const { writes } = renderWithListApi(<JsBlacklistScreen slots={noSlots} />, {
      i18n,
      path: '/jsblacklist',
      answers: {
        '/js-blacklist': blacklistPage,
        'PATCH /js-blacklist/5': { data: { ...entry, status: 'inactive' } },
        'DELETE /js-blacklist/5': { message: 'Deleted.' },
      },
    });
    const row = await screen.findByRole('row', { name: /collect\.evil\.test/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Edit collect.evil.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit entry' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Status' }), { target: { value: 'inactive' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'Taken down.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PATCH',
      path: '/js-blacklist/5',
      body: { status: 'inactive', family: 'magecart', notes: 'Taken down.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit entry' })).toBeNull());
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete collect.evil.test?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({ method: 'DELETE', path: '/js-blacklist/5' });
  });

  it('offers a viewer no add, edit or delete', async () => {
    renderWithListApi(<JsBlacklistScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/jsblacklist',
      answers: { '/js-blacklist': blacklistPage },
    });
    const row = await screen.findByRole('row', { name: /collect\.evil\.test/ });
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add entry' })).toBeNull();
  });
});
