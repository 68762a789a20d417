import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { SecretsScreen } from './secrets-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const clear = 'ghp_ClearSecretNeverShown1234567890abcd';
const incident = {
  id: 9,
  module: 'secrets',
  title: 'GitHub personal access token: ghp_************abcd',
  severity: 'critical',
  status: 'new',
  assignee: null,
  first_seen_at: '2026-11-02T08:00:00.000Z',
  last_seen_at: '2026-11-20T08:00:00.000Z',
  is_demo: true,
  rule_id: 'github-pat',
  rule_description: 'GitHub personal access token',
  redacted: 'ghp_************abcd',
  entropy: 4.81,
  validity: 'unknown',
  occurrences: 1,
  repositories: 1,
  latest: { repository: 'acme/web', file_path: '.github/workflows/release.yml', line: 12, url: null },
};
const occurrence = {
  id: 3,
  provider: 'github',
  repository: 'acme/web',
  file_path: '.github/workflows/release.yml',
  line: 12,
  commit_sha: 'a'.repeat(40),
  author: 'ana',
  committed_at: '2026-10-01T10:00:00.000Z',
  url: 'https://github.com/acme/web/blob/aaaa/.github/workflows/release.yml#L12',
  fragment: 'GITHUB_TOKEN: "ghp_************abcd"',
  first_seen_at: '2026-11-02T08:00:00.000Z',
  last_seen_at: '2026-11-20T08:00:00.000Z',
  is_demo: true,
};
const page = {
  data: [incident],
  meta: { page: 1, page_size: 25, total: 1, total_is_lower_bound: false, has_more: false },
};

describe('SecretsScreen', { timeout: 30_000 }, () => {
  it('lists incidents with the redacted secret and sends the repository filter', async () => {
    const { expectRequest } = renderWithListApi(<SecretsScreen slots={noSlots} />, {
      i18n,
      path: '/gitdork',
      answers: { '/secrets': page },
    });
    expect(await screen.findByText('ghp_************abcd')).toBeTruthy();
    expect(screen.getByText('.github/workflows/release.yml, line 12')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Repository' }), { target: { value: 'acme/web' } });
    await expectRequest('/secrets', { repository: 'acme/web' });
    const exportLink = await screen.findByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe('/api/secrets/export?repository=acme%2Fweb');
  });

  it('opens an incident with its occurrences, never the clear secret', async () => {
    renderWithListApi(<SecretsScreen slots={{ ...noSlots, renderFinding: (id) => <p>Triage of {id}</p> }} />, {
      i18n,
      path: '/gitdork?open=9',
      answers: { '/secrets': page, '/secrets/9': { data: { ...incident, secret: clear }, occurrences: [occurrence] } },
    });
    const drawer = await screen.findByTestId('detail-drawer');
    const list = await within(drawer).findByTestId('secret-occurrences');
    expect(within(list).getByText('GITHUB_TOKEN: "ghp_************abcd"')).toBeTruthy();
    expect(within(list).getByRole('link', { name: occurrence.url })).toBeTruthy();
    expect(within(drawer).getByText('Triage of 9')).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(clear);
  });

  it('adds a search term, and shows the domains always searched', async () => {
    const { writes } = renderWithListApi(<SecretsScreen slots={noSlots} />, {
      i18n,
      path: '/gitdork?tab=search',
      answers: {
        '/secrets/terms': { data: [], domains: ['acme.test'] },
        '/secrets/allowlist': { data: [] },
        'POST /secrets/terms': { data: { id: 1, kind: 'organisation', value: 'acme', enabled: true, created_at: '' } },
      },
    });
    expect(await screen.findByText('Your domains are always searched: acme.test')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add term' }));
    const dialog = await screen.findByTestId('secrets-term-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Value/ }), { target: { value: 'acme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(writes).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/secrets/terms',
          body: { kind: 'organisation', value: 'acme' },
        }),
      ),
    );
  });

  it('hides the changes from a viewer', async () => {
    renderWithListApi(<SecretsScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/gitdork?tab=search',
      answers: { '/secrets/terms': { data: [], domains: ['acme.test'] }, '/secrets/allowlist': { data: [] } },
    });
    expect(await screen.findByText("Nothing allowed beyond the rules' own allow-lists.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add term' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search now' })).toBeNull();
  });

  it('queues a code search and shows why it was refused', async () => {
    const { writes } = renderWithListApi(<SecretsScreen slots={noSlots} />, {
      i18n,
      path: '/gitdork',
      answers: {
        'POST /secrets/runs': refusal(409, { message: 'Code search is not configured: set GITHUB_TOKEN.' }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Search now' }));
    expect(await screen.findByText('Code search is not configured: set GITHUB_TOKEN.')).toBeTruthy();
    expect(writes.map((w) => `${w.method} ${w.path}`)).toContain('POST /secrets/runs');
  });
});
