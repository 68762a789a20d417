import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import type { SearchHit, SearchResults } from '../api/search-api';
import { SearchScreen } from './search-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const hit = (id: string, title: string, over: Partial<SearchHit> = {}): SearchHit => ({
  id,
  company: { id: 1, name: 'Acme Retail' },
  title,
  title_ranges: [],
  snippet: null,
  snippet_ranges: [],
  link: `/credentials?open=${id}`,
  at: '2026-11-20T10:00:00.000Z',
  severity: 'high',
  ...over,
});

const answer: SearchResults = {
  q: 'wombat',
  groups: [
    {
      kind: 'findings',
      module: null,
      more: true,
      hits: [
        hit('1', '<img src=x onerror=alert(1)> Wombat', { title_ranges: [{ start: 29, end: 35 }] }),
        hit('2', 'wombat@acme.example leaked'),
      ],
    },
    {
      kind: 'assets',
      module: 'assets',
      more: false,
      hits: [
        hit('9', 'wombat.acme.example', { company: { id: 2, name: 'Acme Bank' }, link: '/companyassets?asset=9' }),
      ],
    },
  ],
};

describe('SearchScreen', { timeout: 15_000 }, () => {
  it('asks with the URL text, groups the hits with counts, and marks matches as text', async () => {
    const { expectRequest } = renderWithListApi(<SearchScreen openHit={() => undefined} />, {
      i18n,
      path: '/search?q=wombat',
      answers: { '/search': answer },
    });
    await expectRequest('/search', { q: 'wombat', limit: '20' });
    const findings = await screen.findByTestId('search-group-findings');
    expect(within(findings).getByText('Findings')).toBeTruthy();
    expect(within(findings).getByText('2+')).toBeTruthy();
    // The markup is text; the match is a <mark>.
    expect(document.querySelector('img')).toBeNull();
    const marked = within(findings).getAllByText('Wombat');
    expect(marked[0]?.tagName).toBe('MARK');
    expect(within(findings).getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(within(screen.getByTestId('search-group-assets')).getByText('Acme Bank')).toBeTruthy();
    expect(screen.getByTestId('search-summary').textContent).toBe('3 results');
  });

  it('walks the hits with ↑/↓ from the field and opens the active one with Enter', async () => {
    const openHit = vi.fn();
    renderWithListApi(<SearchScreen openHit={openHit} />, {
      i18n,
      path: '/search?q=wombat',
      answers: { '/search': answer },
    });
    await screen.findAllByTestId('search-hit');
    const input = screen.getByRole('combobox', { name: 'Search' });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(3);
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]?.id);
    expect(options[2]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(openHit).toHaveBeenCalledWith(expect.objectContaining({ id: '9', link: '/companyassets?asset=9' }));
  });

  it('puts the typed text in the URL once settled, and never asks for fewer than two characters', async () => {
    const { router, requests } = renderWithListApi(<SearchScreen openHit={() => undefined} />, {
      i18n,
      path: '/search',
      answers: { '/search': answer },
    });
    const input = screen.getByRole('combobox', { name: 'Search' });
    fireEvent.change(input, { target: { value: 'w' } });
    expect(await screen.findByText('Type at least 2 characters.')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'wombat ' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('wombat'));
    // The space typed is kept while the URL holds the trimmed text.
    expect((input as HTMLInputElement).value).toBe('wombat ');
    expect(requests.filter((url) => url.pathname === '/api/search').map((url) => url.searchParams.get('q'))).toEqual([
      'wombat',
    ]);
  });
});
