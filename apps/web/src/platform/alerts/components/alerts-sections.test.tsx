import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createApiClient, type Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { ModulesProvider, type WebModule } from '@/lib/modules';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { NotificationPreferencesSection, WebhooksSection } from '../index';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

const modules: WebModule[] = [
  { id: 'credentials', screen: 'credentials', load: async () => () => null },
  { id: 'vulnerabilities', screen: 'vulnerabilities', load: async () => () => null },
];

type Sent = { method: string; url: string; body: unknown };
const stamp = '2026-11-28T10:00:00.000Z';

/** A tiny in-memory /api/alerts: rules and webhooks kept in arrays, every request recorded. */
function alertsServer(sent: Sent[]): typeof fetch {
  let rules: Schemas['AlertRule'][] = [];
  let hooks: Schemas['Webhook'][] = [];
  const deliveries: Schemas['WebhookDelivery'][] = [];
  let next = 1;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return async (input) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const { pathname } = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    sent.push({ method: request.method, url: pathname, body });
    const id = Number(/\/(\d+)/.exec(pathname)?.[1]);
    if (pathname === '/api/alerts/rules' && request.method === 'POST') {
      const rule = { ...body, id: next++, last_digest_on: null, created_at: stamp, updated_at: stamp };
      rules = [...rules, rule];
      return json({ data: rule }, 201);
    }
    if (pathname.startsWith('/api/alerts/rules/') && request.method === 'PUT') {
      rules = rules.map((r) => (r.id === id ? { ...r, ...body } : r));
      return json({ data: rules.find((r) => r.id === id) });
    }
    if (pathname.startsWith('/api/alerts/rules/') && request.method === 'DELETE') {
      rules = rules.filter((r) => r.id !== id);
      return json({ message: 'Alert rule deleted.' });
    }
    if (pathname === '/api/alerts/rules') return json({ data: rules });
    if (pathname === '/api/alerts/webhooks' && request.method === 'POST') {
      const hook = {
        id: next++,
        url: body.url,
        format: body.format,
        enabled: true,
        created_at: stamp,
        updated_at: stamp,
        last_delivery: null,
      };
      hooks = [...hooks, hook];
      return json({ data: hook, secret: 'whsec_shown-once-0123456789' }, 201);
    }
    if (pathname.endsWith('/test')) {
      deliveries.unshift({
        id: next++,
        alert_id: null,
        attempt: 1,
        outcome: 'succeeded',
        response_code: 200,
        latency_ms: 42,
        error: null,
        at: stamp,
      });
      return json({ data: { job_id: 99 } }, 202);
    }
    if (pathname.endsWith('/deliveries')) return json({ data: deliveries });
    if (pathname === '/api/alerts/webhooks') return json({ data: hooks });
    return json({ message: 'not found' }, 404);
  };
}

function renderSections(sent: Sent[], ui: ReactNode) {
  const client = createApiClient({ baseUrl: 'http://vigil.test/api', fetch: alertsServer(sent), getCookies: () => '' });
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientProvider client={client}>
        <ModulesProvider modules={modules}>{ui}</ModulesProvider>
      </ApiClientProvider>
    </QueryClientProvider>,
    { i18n },
  );
}

describe('NotificationPreferencesSection', () => {
  it('adds a digest rule in the browser’s time zone, edits it and deletes it', async () => {
    const sent: Sent[] = [];
    renderSections(sent, <NotificationPreferencesSection webhooks />);
    expect(await screen.findByText('No alert rules yet: you receive no alerts.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a rule' }));
    const form = screen.getByRole('form', { name: 'New rule' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Credentials' }));
    fireEvent.change(within(form).getByRole('combobox', { name: 'Minimum severity' }), {
      target: { value: 'critical' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Delivery' }), { target: { value: 'digest' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Hour of the digest' }), { target: { value: '7' } });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Time zone' }).value).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
    fireEvent.change(within(form).getByRole('textbox', { name: 'Time zone' }), { target: { value: 'Europe/Lisbon' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(
      await screen.findByText('Critical and above · Credentials · daily at 07:00 (Europe/Lisbon) · e-mail'),
    ).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      modules: ['credentials'],
      min_severity: 'critical',
      delivery: 'digest',
      digest_hour: 7,
      time_zone: 'Europe/Lisbon',
      email: true,
      webhooks: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit rule' });
    fireEvent.change(within(edit).getByRole('combobox', { name: 'Delivery' }), { target: { value: 'instant' } });
    fireEvent.click(within(edit).getByRole('checkbox', { name: 'Credentials' }));
    fireEvent.click(within(edit).getByRole('checkbox', { name: "The company's webhooks" }));
    fireEvent.click(within(edit).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Critical and above · All modules · Instantly · e-mail, webhooks')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')?.body).toMatchObject({
      modules: null,
      delivery: 'instant',
      digest_hour: null,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No alert rules yet: you receive no alerts.')).toBeTruthy();
  });

  it('does not offer the company’s webhooks to a member who is not an administrator', async () => {
    const sent: Sent[] = [];
    renderSections(sent, <NotificationPreferencesSection webhooks={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const form = screen.getByRole('form', { name: 'New rule' });
    expect(within(form).queryByRole('checkbox', { name: "The company's webhooks" })).toBeNull();
    expect(within(form).getByText("Only administrators can send alerts to the company's webhooks.")).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('High and above · All modules · Instantly · e-mail')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toMatchObject({ email: true, webhooks: false });
  });
});

describe('WebhooksSection', () => {
  it('adds a webhook, shows its secret once, sends a test and opens the delivery log', async () => {
    const sent: Sent[] = [];
    renderSections(sent, <WebhooksSection />);
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a webhook' }));
    const form = screen.getByRole('form', { name: 'Add a webhook' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://hooks.slack.com/services/T/B/X' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Format' }), { target: { value: 'slack' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save webhook' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_shown-once-0123456789');
    expect(await screen.findByText('https://hooks.slack.com/services/T/B/X')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      url: 'https://hooks.slack.com/services/T/B/X',
      format: 'slack',
      enabled: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test message queued.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    const drawer = await screen.findByTestId('detail-drawer');
    await waitFor(() => expect(within(drawer).getByText('Delivered')).toBeTruthy());
    expect(within(drawer).getByText('42 ms')).toBeTruthy();
  });
});
