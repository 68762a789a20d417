import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seriousViolations } from './support/axe.ts';
import { demoAdmin, expect, openSignedIn, outbox, test } from './support/fixtures.ts';

// Alerts in the browser: the demo administrator's notification preferences and the company's
// webhooks on /account-setting, against a real HTTP receiver on 127.0.0.1; axe on the page in both themes.

test('an administrator adds a rule and a webhook, sends a test and reads its delivery log', async ({ page }) => {
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => received.push(chunk.toString('utf8')));
    request.on('end', () => response.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    // The demo import raised the administrator's critical-findings alert in the dev mailbox.
    await expect
      .poll(
        async () =>
          (await outbox(page.request, demoAdmin.email)).some((m) => /^Vigil: \d+ new finding/.test(m.subject)),
        {
          timeout: 30_000,
        },
      )
      .toBe(true);

    await openSignedIn(page, '/account-setting', demoAdmin);
    await expect(page.getByRole('heading', { level: 2, name: 'Notification preferences' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const form = page.getByRole('form', { name: 'New rule' });
    await form.getByRole('checkbox', { name: 'Vulnerabilities' }).check();
    await form.getByRole('combobox', { name: 'Delivery' }).selectOption('digest');
    await form.getByRole('combobox', { name: 'Hour of the digest' }).selectOption('9');
    await expect(form.getByRole('textbox', { name: 'Time zone' })).toHaveValue('UTC');
    await form.getByRole('button', { name: 'Save rule' }).click();
    await expect(page.getByText('High and above · Vulnerabilities · daily at 09:00 (UTC) · e-mail')).toBeVisible();

    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const hookForm = page.getByRole('form', { name: 'Add a webhook' });
    await hookForm.getByRole('textbox', { name: 'URL' }).fill(url);
    await hookForm.getByRole('button', { name: 'Save webhook' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(JSON.parse(received.join(''))).toMatchObject({ event: 'test', alert: { kind: 'test' } });
    await page.getByRole('button', { name: 'Delivery log' }).click();
    const drawer = page.getByTestId('detail-drawer');
    await expect(drawer.getByText('Delivered')).toBeVisible();

    await page.getByRole('button', { name: 'Close details' }).click();
    const problems = await seriousViolations(page, ['main']);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: 'Webhooks' })).toBeVisible();
    problems.push(...(await seriousViolations(page, ['main'])).map((v) => `dark: ${v}`));
    expect(problems).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
