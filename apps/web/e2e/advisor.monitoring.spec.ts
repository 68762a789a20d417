import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { expect, keepTrafficLocal, openWithDemoData, signIn, test } from './support/fixtures.ts';
import { type RunningServer, startNodeScript, startServer } from './support/server.ts';

// Issue 20's /cyberadvisor. (a) On the shared server, which has no model configured: the screen says
// so, each suggested question is answered from the demo data by the built-in engine, and a cited
// record opens on its screen. (b) With the local OpenAI-compatible test model: a second server of
// this spec's own (fresh data) points at it; a typed question streams the tools called and an answer
// whose citations open their records.

const localModelScript = fileURLToPath(new URL('../../api/dist/dev/openai-compatible/start.js', import.meta.url));

/** (b)'s local model and server: they boot (and import their demo data) while (a) runs. */
let own: Promise<{ model: RunningServer; server: RunningServer }> | undefined;
test.beforeAll(() => {
  own = (async () => {
    const model = await startNodeScript(localModelScript, { timeoutMs: 20_000 });
    try {
      return { model, server: await startServer({ ADVISOR_BASE_URL: model.url, ADVISOR_MODEL: 'local-test' }) };
    } catch (error) {
      await model.stop();
      throw error;
    }
  })();
  // A failed start is reported by the test that awaits it.
  own.catch(() => undefined);
});
test.afterAll(async () => {
  const started = await own?.catch(() => undefined);
  await started?.server.stop();
  await started?.model.stop();
});

/** Asks and waits for the stored answer (no longer busy); answers the answer's element. */
async function answerOf(page: Page, ask: () => Promise<void>) {
  const answers = page.getByTestId('advisor-answer');
  const before = await answers.count();
  await ask();
  await expect(answers).toHaveCount(before + 1);
  const answer = answers.last();
  await expect(answer).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  await expect(answer).not.toContainText('The answer stopped short');
  return answer;
}

/** Clicks the answer's first citation of a finding: its record opens in the finding drawer. */
async function openFirstCitedFinding(page: Page, answer: ReturnType<Page['getByTestId']>) {
  const citation = answer.locator('[data-testid="advisor-citation"][href*="open="]').first();
  const href = (await citation.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/[\w-]+\?(tab=\w+&)?open=\d+/);
  await citation.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByTestId('finding-panel')).toBeVisible();
}

test('advisor without a model: the suggested questions answered from demo data, a citation opens its record', async ({
  page,
}) => {
  await signIn(page);
  // The demo imports run module by module: these rows mean the findings the answers cite are in.
  await openWithDemoData(page, '/credentials', 'Credentials');
  await openWithDemoData(page, '/vulnerabilities', 'Vulnerabilities');
  await page.goto('/cyberadvisor');
  await expect(page.getByRole('heading', { level: 1, name: 'Cyber advisor' })).toBeVisible();
  await expect(page.getByTestId('advisor-engine')).toContainText('No model is configured');
  const questions = await page.getByTestId('advisor-suggestions').getByRole('button').allTextContents();
  expect(questions.length).toBeGreaterThanOrEqual(4);
  const fixFirst = questions.find((q) => /fix first/i.test(q)) ?? '';
  const other = questions.find((q) => q !== fixFirst) ?? '';
  expect(fixFirst, 'a suggestion asks what to fix first').not.toBe('');
  // The newest conversation of that title (a retried test asked the same questions before).
  const conversations = (question: string) =>
    page.getByTestId('advisor-conversations').getByRole('link', { name: question, exact: true });
  const conversation = (question: string) => conversations(question).first();
  await test.step('each suggestion starts a conversation answered from the data, citing records', async () => {
    for (const question of questions) {
      await page.getByRole('link', { name: 'New conversation' }).click();
      // The last conversation's answer is gone before the next question (else the count below starts at 1).
      await expect(page.getByTestId('advisor-answer')).toHaveCount(0);
      const suggestion = page.getByTestId('advisor-suggestions').getByRole('button', { name: question, exact: true });
      const answer = await answerOf(page, () => suggestion.click());
      await expect(page).toHaveURL(/\/cyberadvisor\?c=\d+$/);
      await expect(page.getByRole('article', { name: 'Your question' })).toHaveText(question);
      await expect(answer).not.toBeEmpty();
      if (question === fixFirst) {
        await expect(answer.getByTestId('advisor-citation').first()).toBeVisible();
        await expect(answer.getByTestId('advisor-sources').getByRole('link').first()).toBeVisible();
      }
      await expect(conversation(question)).toHaveAttribute('aria-current', 'page');
    }
  });

  await test.step('axe, and on a phone nothing overflows sideways', async () => {
    await conversation(fixFirst).click();
    await expect(page.getByTestId('advisor-answer')).toHaveCount(1);
    await expect(page.getByTestId('advisor-citation').first()).toBeVisible();
    expect(await seriousViolations(page, ['main'])).toEqual([]);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(page.getByTestId('advisor-answer')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('a conversation is deleted once confirmed', async () => {
    await expect(conversation(other)).toBeVisible();
    const count = await conversations(other).count();
    await conversation(other).click();
    await page.getByRole('button', { name: 'Delete conversation' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this conversation?' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/cyberadvisor$/);
    await expect(conversations(other)).toHaveCount(count - 1);
  });

  await test.step('a cited finding opens on its screen, in its drawer', async () => {
    await conversation(fixFirst).click();
    await openFirstCitedFinding(page, page.getByTestId('advisor-answer'));
  });
});

test('advisor with the local test model: the streamed answer shows its tools and links the records it cites', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { server } = await (own as NonNullable<typeof own>);
  const sharedUrl = process.env.VIGIL_E2E_URL;
  try {
    // The sign-in helpers read their e-mail from the server of VIGIL_E2E_URL: this spec's own, here.
    process.env.VIGIL_E2E_URL = server.url;
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await keepTrafficLocal(page);
    await signIn(page);
    // A fresh server imports its demo data after it starts: wait for the rows the answer cites.
    await expect(async () => openWithDemoData(page, '/vulnerabilities', 'Vulnerabilities')).toPass({ timeout: 60_000 });
    await page.goto('/cyberadvisor');
    await expect(page.getByTestId('advisor-engine')).toHaveText(/Answers by the model local-test/);
    const box = page.getByRole('textbox', { name: 'Your question' });
    const answer = await answerOf(page, async () => {
      await box.fill('What should we fix first?');
      await box.press('Enter');
    });
    await expect(answer.getByTestId('advisor-steps')).toContainText('Read the security posture');
    await expect(answer.getByTestId('advisor-steps')).toContainText('Listed findings');
    await expect(answer).toContainText('Fix these first, most severe first:');
    await expect(answer.getByTestId('advisor-sources').getByRole('link').first()).toBeVisible();
    await openFirstCitedFinding(page, answer);
    await context.close();
  } finally {
    process.env.VIGIL_E2E_URL = sharedUrl;
  }
});
