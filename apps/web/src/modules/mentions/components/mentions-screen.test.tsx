import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { MentionsScreen } from './mentions-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const text = '<img src=x onerror=alert(1)> Selling VPN access to Acme Retail, RDP on 203.0.113.44.';
const mention = {
  id: 12,
  module: 'mentions',
  title: 'Forum XSS.is: Access for sale',
  severity: 'high',
  status: 'new',
  assignee: null,
  first_seen_at: '2026-11-16T08:00:00.000Z',
  last_seen_at: '2026-11-16T08:00:00.000Z',
  is_demo: true,
  mention_id: 4,
  source_type: 'forum',
  source_name: 'XSS.is',
  actor: 'initaccess_broker',
  posted_at: '2026-11-16T08:00:00.000Z',
  mention_title: 'Access for sale',
  snippet: text,
  url: 'http://xss.example/threads/104455',
  archive_ref: null,
  keywords: [
    { id: 1, class: 'brand', term: 'Acme Retail' },
    { id: 2, class: 'ip_range', term: '203.0.113.0/24' },
  ],
};
const page = {
  data: [mention],
  meta: { page: 1, page_size: 25, total: 1, total_is_lower_bound: false, has_more: false },
};
const keywordList = {
  rematching: false,
  data: [
    {
      id: 1,
      class: 'brand',
      term: 'Acme Retail',
      enabled: true,
      created_at: '2026-11-01T00:00:00.000Z',
      created_by: { id: 3, name: 'Ana Analyst' },
      mentions: 7,
    },
  ],
};

describe('MentionsScreen', { timeout: 30_000 }, () => {
  it('lists mentions with their source and keywords and sends the source type filter', async () => {
    const { expectRequest } = renderWithListApi(<MentionsScreen slots={noSlots} />, {
      i18n,
      path: '/restrictedenvironment?source_type=forum',
      answers: { '/mentions': page, '/mentions/keywords': keywordList },
    });
    expect(await screen.findByText('Access for sale')).toBeTruthy();
    expect(screen.getByText('initaccess_broker')).toBeTruthy();
    expect(screen.getByText('203.0.113.0/24')).toBeTruthy();
    await expectRequest('/mentions', { source_type: 'forum' });
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/mentions/export?source_type=forum');
  });

  it('opens a mention with its keywords marked, markup shown as text and the URL not a link', async () => {
    renderWithListApi(<MentionsScreen slots={{ ...noSlots, renderFinding: (id) => <p>Triage of {id}</p> }} />, {
      i18n,
      path: '/restrictedenvironment?open=12',
      answers: {
        '/mentions': page,
        '/mentions/keywords': keywordList,
        '/mentions/12': {
          data: mention,
          text,
          imported_at: '2026-11-16T09:00:00.000Z',
          matches: [
            { keyword: mention.keywords[0], title_ranges: [], text_ranges: [{ start: 51, end: 62 }] },
            { keyword: mention.keywords[1], title_ranges: [], text_ranges: [{ start: 71, end: 83 }] },
          ],
        },
      },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    const body = await within(drawer).findByTestId('mention-text');
    expect([...body.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Acme Retail', '203.0.113.44']);
    expect(body.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(body.querySelector('img')).toBeNull();
    expect(within(drawer).getByText(mention.url)).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: mention.url })).toBeNull();
    expect(within(drawer).getByText('Triage of 12')).toBeTruthy();
  });

  it('adds a keyword, and shows the reason the server refuses one under its field', async () => {
    const { writes } = renderWithListApi(<MentionsScreen slots={noSlots} />, {
      i18n,
      path: '/restrictedenvironment?tab=keywords',
      answers: {
        '/mentions/keywords': keywordList,
        'POST /mentions/keywords': refusal(422, {
          message: 'The given data was invalid.',
          errors: { term: ['Enter a card BIN: 6 to 8 digits.'] },
        }),
      },
    });
    expect(await screen.findByRole('link', { name: '7 mentions' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Watch Acme Retail' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add keyword' }));
    const dialog = await screen.findByTestId('mentions-keyword-dialog');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Class' }), { target: { value: 'card_bin' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Keyword/ }), { target: { value: '4571' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(writes).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/mentions/keywords',
          body: { class: 'card_bin', term: '4571' },
        }),
      ),
    );
    expect(await within(dialog).findByText('Enter a card BIN: 6 to 8 digits.')).toBeTruthy();
  });

  it('lets a viewer read the watch list only', async () => {
    renderWithListApi(<MentionsScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/restrictedenvironment?tab=keywords',
      answers: { '/mentions/keywords': keywordList },
    });
    expect(await screen.findByText('Ana Analyst')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add keyword' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByText('Yes')).toBeTruthy();
  });
});
