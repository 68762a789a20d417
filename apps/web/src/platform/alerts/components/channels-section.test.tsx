import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createApiClient, type Schemas } from '@vigil/api-client';
import type { i18n as I18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClientProvider } from '@/lib/api-context';
import { createTestI18n } from '@/testing/i18n';
import { renderWithProviders } from '@/testing/render';
import { AlertChannelsSection } from '../index';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});

type Sent = { method: string; url: string; body: unknown };
const stamp = '2026-12-07T10:00:00.000Z';

/** A tiny in-memory /api/alerts/channels answering as the contract says (credentials never returned). */
function channelsServer(sent: Sent[]): typeof fetch {
  let channels: Schemas['AlertChannel'][] = [];
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
    if (pathname === '/api/alerts/channels' && request.method === 'POST') {
      const channel: Schemas['AlertChannel'] = {
        id: next++,
        kind: body.kind,
        name: body.name,
        settings: body.settings,
        has_credential: body.credential !== undefined,
        inbound_url: body.kind === 'jira' ? `http://vigil.test/api/alerts/channels/${next - 1}/jira-events` : null,
        enabled: true,
        created_at: stamp,
        updated_at: stamp,
        last_delivery: null,
      };
      channels = [...channels, channel];
      return json({ data: channel, ...(body.kind === 'jira' ? { inbound_secret: 'jwsec_once-0123456789' } : {}) }, 201);
    }
    if (pathname.endsWith('/test')) {
      deliveries.unshift({
        id: next++,
        alert_id: null,
        attempt: 1,
        outcome: 'given_up',
        response_code: 403,
        latency_ms: 12,
        error: 'Splunk answered 403: Invalid token (code 4).',
        at: stamp,
      });
      return json({ data: { job_id: 99 } }, 202);
    }
    if (pathname.endsWith('/deliveries')) return json({ data: deliveries });
    if (request.method === 'DELETE') {
      channels = channels.filter((c) => c.id !== id);
      return json({ message: 'Channel deleted.' });
    }
    if (pathname === '/api/alerts/channels') return json({ data: channels });
    return json({ message: 'not found' }, 404);
  };
}

function renderSection(sent: Sent[]) {
  const client = createApiClient({
    baseUrl: 'http://vigil.test/api',
    fetch: channelsServer(sent),
    getCookies: () => '',
  });
  return renderWithProviders(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientProvider client={client}>
        <AlertChannelsSection />
      </ApiClientProvider>
    </QueryClientProvider>,
    { i18n },
  );
}

describe('AlertChannelsSection', () => {
  it('adds a Splunk channel with its token, sends a test, shows the log and deletes it', async () => {
    const sent: Sent[] = [];
    renderSection(sent);
    expect(await screen.findByText('No channel yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    const form = screen.getByRole('form', { name: 'Add channel' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'SOC Splunk' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Base URL' }), {
      target: { value: 'https://hec.example.com:8088' },
    });
    fireEvent.change(within(form).getByLabelText(/^HEC token/), { target: { value: 'a-hec-token-1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save channel' }));
    expect(await screen.findByText('SOC Splunk')).toBeTruthy();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'splunk_hec',
      name: 'SOC Splunk',
      settings: { url: 'https://hec.example.com:8088' },
      enabled: true,
      credential: 'a-hec-token-1234',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText('Test message queued.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    const drawer = await screen.findByTestId('detail-drawer');
    await waitFor(() => expect(within(drawer).getByText('Given up')).toBeTruthy());
    expect(within(drawer).getByText('Splunk answered 403: Invalid token (code 4).')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(screen.queryByTestId('detail-drawer')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('No channel yet.')).toBeTruthy();
    expect(sent.some((r) => r.method === 'DELETE' && r.url === '/api/alerts/channels/1')).toBe(true);
  });

  it('adds a syslog channel with only its fields, and a Jira channel whose webhook address shows once', async () => {
    const sent: Sent[] = [];
    renderSection(sent);
    fireEvent.click(await screen.findByRole('button', { name: 'Add channel' }));
    let form = screen.getByRole('form', { name: 'Add channel' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Kind' }), { target: { value: 'syslog_cef' } });
    expect(within(form).queryByLabelText(/^HEC token/)).toBeNull();
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'QRadar' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Collector host' }), {
      target: { value: 'siem.example.com' },
    });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Framing' }), { target: { value: 'newline' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save channel' }));
    expect(await screen.findByText('siem.example.com:6514')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')[0]?.body).toEqual({
      kind: 'syslog_cef',
      name: 'QRadar',
      settings: { host: 'siem.example.com', port: 6514, tls: true, framing: 'newline' },
      enabled: true,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    form = screen.getByRole('form', { name: 'Add channel' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Kind' }), { target: { value: 'jira' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Jira' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Jira site (https://…atlassian.net)' }), {
      target: { value: 'https://acme.atlassian.net' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Jira account e-mail' }), {
      target: { value: 'secops@acme.example' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Project key' }), { target: { value: 'SEC' } });
    fireEvent.change(within(form).getByLabelText(/^Jira API token/), { target: { value: 'jira-token-123' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save channel' }));
    expect((await screen.findByTestId('jira-inbound-url')).textContent).toBe(
      'http://vigil.test/api/alerts/channels/2/jira-events?secret=jwsec_once-0123456789',
    );
    expect(sent.filter((r) => r.method === 'POST')[1]?.body).toMatchObject({
      kind: 'jira',
      settings: {
        url: 'https://acme.atlassian.net',
        email: 'secops@acme.example',
        project_key: 'SEC',
        issue_type: 'Task',
      },
    });
  });
});
