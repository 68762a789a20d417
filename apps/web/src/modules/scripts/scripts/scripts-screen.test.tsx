import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noSlots, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { closeDialogs, openDrawer } from '../shared/drawer.test-support';
import {
  compliance,
  scanDetail,
  scansPage,
  script,
  scriptsPage,
  skimmer,
  skimmerDetail,
} from '../shared/fixtures.test-data';
import { ScriptsScreen } from './scripts-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

afterEach(closeDialogs);

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

const answers = {
  '/scripts': scriptsPage,
  '/scripts/12': { data: skimmerDetail },
  '/ecommerce/compliance': compliance,
  '/script-scans': scansPage,
  '/script-scans/7': { data: scanDetail },
};

describe('the Script Manager', { timeout: 20_000 }, () => {
  it('lists the inventory with party, who loaded it, authorisation and a changed hash, and sends the filters', async () => {
    const { expectRequest } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts?party=fourth&changed=true&page_id=3',
      answers,
    });
    const skimmer = await screen.findByRole('link', { name: 'https://cdn.jquery-cdn.test/jquery.min.js' });
    const row = skimmer.closest('tr');
    expect(row?.textContent).toContain('Fourth party');
    expect(row?.textContent).toContain('loaded by https://cdn.analytics-partner.test/analytics.js');
    expect(row?.textContent).toContain('Reads card fields');
    const analytics = screen
      .getByRole('link', { name: 'https://cdn.analytics-partner.test/analytics.js' })
      .closest('tr');
    expect(analytics?.textContent).toContain(`${'b'.repeat(12)} ≠ ${'a'.repeat(12)} (changed)`);
    await expectRequest('/scripts', { party: 'fourth', changed: 'true', page_id: '3' });
    // The picked page can be scanned now and its evidence exported.
    expect(await screen.findByRole('button', { name: 'Scan now' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Evidence (PDF)' }).getAttribute('href')).toContain(
      '/store-pages/3/evidence/pdf',
    );
  });

  it('opens a script in ?script= with its facts, destinations, hits, history and findings (each opens in ?open=)', async () => {
    const { router } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts?script=12',
      answers,
    });
    const drawer = await openDrawer('script-detail');
    expect(within(drawer).getByRole('heading', { name: 'https://cdn.jquery-cdn.test/jquery.min.js' })).toBeTruthy();
    expect(within(drawer).getByTestId('script-destinations').textContent).toContain('collect.evil.test');
    expect(within(drawer).getByTestId('script-rule-hits').textContent).toContain('Card field selectors');
    expect(within(drawer).getByTestId('script-blacklist-hits').textContent).toContain('demo list');
    expect(within(drawer).getByTestId('script-history').textContent).toContain('New');
    expect(within(drawer).getByText('Content (first 4 KiB)')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('link', { name: 'Script sends to blacklisted collect.evil.test' }));
    await waitFor(() => expect(search(router).get('open')).toBe('61'));
    expect(search(router).get('script')).toBeNull();
  });

  it('authorises a script for its host with a written justification, which it requires', async () => {
    const { writes } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts?script=12',
      answers: { ...answers, 'POST /scripts/12/authorisation': { data: skimmerDetail } },
    });
    const actions = within(await openDrawer('script-detail')).getByTestId('authorisation-actions');
    fireEvent.click(within(actions).getByRole('button', { name: 'Authorise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Authorise this script' });
    const submit = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Authorise' });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Justification/ }), {
      target: { value: ' Tag manager of the marketing team ' },
    });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Authorise for' }), { target: { value: 'host' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(writes).toHaveLength(1), { timeout: 5000 });
    expect(writes[0]).toMatchObject({
      path: '/scripts/12/authorisation',
      body: { decision: 'authorised', justification: 'Tag manager of the marketing team', by: 'host' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Authorise this script' })).toBeNull());
  });

  it('offers a viewer neither decisions nor a scan', async () => {
    renderWithListApi(<ScriptsScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/scripts?script=12&page_id=3',
      answers,
    });
    await openDrawer('script-detail');
    expect(screen.queryByTestId('authorisation-actions')).toBeNull();
    // Behind the open drawer (hidden from assistive technology while it is open).
    expect(screen.queryByRole('button', { name: 'Scan now', hidden: true })).toBeNull();
    expect(screen.getByRole('link', { name: 'Evidence (CSV)', hidden: true })).toBeTruthy();
  });

  it('says a scan of the picked page is queued and offers no second one', async () => {
    const { writes } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts?page_id=3',
      answers: {
        ...answers,
        'POST /script-scans': { data: { job_id: 70, page_id: 3 } },
        'GET /script-scans': { ...scansPage, pending: { job_id: 70, status: 'queued' } },
      },
    });
    expect(await screen.findByTestId('scan-pending')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Scan now' }).disabled).toBe(true);
    expect(writes).toHaveLength(0);
  });

  it('sends a scan request for the picked page', async () => {
    const { writes } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts?page_id=3',
      answers: { ...answers, 'POST /script-scans': { data: { job_id: 70, page_id: 3 } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan now' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ path: '/script-scans', body: { page_id: 3 } });
  });

  it('lists the scans of the picked page and opens one with its header regression, changes and findings', async () => {
    const { expectRequest, router } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts?tab=scans&page_id=3&scan=7',
      answers,
    });
    await expectRequest('/script-scans', { page_id: '3' });
    const diff = await openDrawer('scan-diff');
    expect(within(diff).getByTestId('header-change').textContent).toContain(
      'content-security-policy removed or weakened',
    );
    expect(within(diff).getByTestId('scan-findings').textContent).toContain('Script sends to blacklisted');
    fireEvent.click(within(diff).getByRole('link', { name: 'https://cdn.jquery-cdn.test/jquery.min.js' }));
    await waitFor(() => expect(search(router).get('script')).toBe('12'));
    expect(search(router).get('tab')).toBeNull();
  });

  it('scans a page chosen in a dialog when none is picked in the filters', async () => {
    const { writes } = renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts',
      answers: { ...answers, 'POST /script-scans': { data: { job_id: 71, page_id: 4 } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Scan a page' }));
    const dialog = await screen.findByRole('dialog', { name: 'Scan a monitored page now' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Page' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Scan now' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ path: '/script-scans', body: { page_id: 4 } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan a monitored page now' })).toBeNull());
  });

  it('offers the evidence of a page chosen in a dialog, to a viewer too, who gets no scan', async () => {
    renderWithListApi(<ScriptsScreen slots={{ ...noSlots, useCanChange: () => false }} />, {
      i18n,
      path: '/scripts',
      answers,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Evidence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Evidence for the assessor' });
    expect(screen.queryByRole('button', { name: 'Scan a page', hidden: true })).toBeNull();
    // The first page is offered at once (the pages loaded after the dialog's first render).
    expect(within(dialog).getByRole('link', { name: 'Evidence (CSV)' }).getAttribute('href')).toContain(
      '/store-pages/3/evidence/csv',
    );
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Page' }), { target: { value: '4' } });
    expect(within(dialog).getByRole('link', { name: 'Evidence (PDF)' }).getAttribute('href')).toContain(
      '/store-pages/4/evidence/pdf',
    );
    expect(within(dialog).getByRole('link', { name: 'Evidence (CSV)' }).getAttribute('href')).toContain(
      '/store-pages/4/evidence/csv',
    );
  });

  it('says what a highlighted row means, and marks each such row in words, not colour alone', async () => {
    const trusted = {
      ...script,
      id: 13,
      key: 'https://cdn.ok.test/ok.js',
      url: 'https://cdn.ok.test/ok.js',
      changed: false,
    };
    renderWithListApi(<ScriptsScreen slots={noSlots} />, {
      i18n,
      path: '/scripts',
      answers: { ...answers, '/scripts': { ...scriptsPage, data: [script, skimmer, trusted] } },
    });
    const row = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
    expect((await screen.findByTestId('scripts-legend')).textContent).toBe(
      'Highlighted rows need review: the script is denied, changed since it was authorised, or reads card fields.',
    );
    expect(within(await row('https://cdn.jquery-cdn.test/jquery.min.js')).getByText('Needs review')).toBeTruthy();
    expect(within(await row('https://cdn.analytics-partner.test/analytics.js')).getByText('Needs review')).toBeTruthy();
    expect(within(await row('https://cdn.ok.test/ok.js')).queryByText('Needs review')).toBeNull();
  });
});
