import { fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWithListApi } from '@/components/data-table/testing/list-api';
import { ModulesProvider, type WebModule } from '@/lib/modules';
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

describe('Timeline summaries', { timeout: 15_000 }, () => {
  // The registered module whose screen the events lead to (app/modules.ts registers the real one).
  const credentials: WebModule = { id: 'credentials', screen: 'credentials', load: async () => () => null };
  const timeline = (
    <ModulesProvider modules={[credentials]}>
      <Timeline />
    </ModulesProvider>
  );
  const page = (data: unknown[]) => ({
    data,
    meta: { page: 1, page_size: 10, total: data.length, total_is_lower_bound: false, has_more: false },
  });
  const event = {
    id: 7,
    kind: 'import.succeeded',
    module: 'credentials',
    severity: 'critical',
    title: 'big-leak.txt: 200,000 new findings (12 critical, 199,988 high), 3 reopened',
    finding_id: null,
    import_id: 41,
    actor: null,
    details: {
      kind: 'combolist',
      file_name: 'big-leak.txt',
      new_findings: 200_000,
      reopened: 3,
      by_severity: { critical: 12, high: 199_988, medium: 0, low: 0, info: 0 },
    },
    at: '2026-11-20T10:00:00.000Z',
  };

  it("words an import's one event from its counts and links it to the module's list", async () => {
    renderWithListApi(timeline, { i18n, path: '/dashboard', answers: { '/events': page([event]) } });
    const link = await screen.findByRole('link', {
      name: 'big-leak.txt: 200,000 new findings, 12 critical, 199,988 high, 3 reopened',
    });
    expect(link.getAttribute('href')).toBe('/credentials');
  });

  it('words it in the interface language', async () => {
    await i18n.changeLanguage('pt-br');
    try {
      renderWithListApi(timeline, { i18n, path: '/dashboard', answers: { '/events': page([event]) } });
      expect(
        await screen.findByRole('link', {
          name: 'big-leak.txt: 200.000 novos achados, crítica: 12, alta: 199.988, 3 reabertos',
        }),
      ).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('keeps the title of an event for one finding, and of an older import event without counts', async () => {
    const older = { ...event, id: 8, details: { kind: 'combolist', read: 3 }, title: 'Import of old.txt: 3 read' };
    const one = {
      ...event,
      id: 9,
      kind: 'finding.created',
      finding_id: 5,
      details: {},
      title: 'a@x.example in combolist',
    };
    renderWithListApi(timeline, { i18n, path: '/dashboard', answers: { '/events': page([older, one]) } });
    expect((await screen.findByRole('link', { name: 'Import of old.txt: 3 read' })).getAttribute('href')).toBe(
      '/credentials',
    );
    expect(screen.getByRole('link', { name: 'a@x.example in combolist' }).getAttribute('href')).toBe(
      '/credentials?open=5',
    );
  });

  it.each([
    {
      kind: 'probes.finished',
      module: { id: 'assets', screen: 'company-assets' },
      details: { run_id: 3, supplier_id: null, status: 'done', targets: 13 },
      line: 'Probe run: 28 new findings, 2 high, 26 medium',
      href: '/companyassets',
      option: 'Probe run',
    },
    {
      kind: 'probes.finished',
      module: { id: 'assets', screen: 'company-assets' },
      details: { run_id: 4, supplier_id: 2, supplier_name: 'Initech Hosting', status: 'done', targets: 4 },
      line: 'Probe run of Initech Hosting: 28 new findings, 2 high, 26 medium',
      href: '/companyassets',
      option: 'Probe run',
    },
    {
      kind: 'scripts.scanned',
      module: { id: 'scripts', screen: 'scripts' },
      details: { scan_id: 7, page_id: 3, status: 'done', scripts: 12 },
      line: 'Page scan: 28 new findings, 2 high, 26 medium',
      href: '/scripts',
      option: 'Page scan',
    },
  ] as const)("words a $kind event from its counts and links it to its module's screen", async (c) => {
    const module: WebModule = { ...c.module, load: async () => () => null };
    const summary = {
      ...event,
      id: 10,
      kind: c.kind,
      module: c.module.id,
      title: 'Found 28',
      details: { ...c.details, new_findings: 28, reopened: 0, by_severity: { high: 2, medium: 26 } },
    };
    renderWithListApi(
      <ModulesProvider modules={[module]}>
        <Timeline />
      </ModulesProvider>,
      { i18n, path: '/dashboard', answers: { '/events': page([summary]) } },
    );
    const link = await screen.findByRole('link', { name: c.line });
    expect(link.getAttribute('href')).toBe(c.href);
    expect(screen.getByRole('option', { name: c.option })).toBeTruthy();
  });

  // The server's titles keep values raw ("…: new → in_review"); the line is worded from them (issue 33).
  it.each([
    [
      'en',
      'finding.status_changed',
      ': new → in_review',
      { from: 'new', to: 'in_review' },
      'leak.txt: New → In review',
    ],
    [
      'pt-br',
      'finding.status_changed',
      ': new → in_review',
      { from: 'new', to: 'in_review' },
      'leak.txt: Novo → Em análise',
    ],
    [
      'de',
      'finding.status_changed',
      ': risk acceptance ended → in_review',
      { from: 'risk_accepted', to: 'in_review', reason: 'risk acceptance expired' },
      'leak.txt: Risikoakzeptanz abgelaufen, wieder in Prüfung',
    ],
    [
      'fr',
      'finding.updated',
      ': severity high → critical',
      { field: 'severity', from: 'high', to: 'critical' },
      'leak.txt : gravité élevée → critique',
    ],
  ] as const)('words a %s %s event in the interface language', async (language, kind, tail, details, line) => {
    const change = { ...event, id: 11, kind, finding_id: 5, title: `leak.txt${tail}`, details };
    await i18n.changeLanguage(language);
    try {
      renderWithListApi(timeline, { i18n, path: '/dashboard', answers: { '/events': page([change]) } });
      expect((await screen.findByRole('link', { name: line })).getAttribute('href')).toBe('/credentials?open=5');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
