import { seriousViolations, settled } from './support/axe.ts';
import { expect, signIn, test } from './support/fixtures.ts';

// Issue 19's /restrictedenvironment over the real server: the demo's mentions feed, matched against
// the demo keyword watch list, fills the list (a ransomware leak site post first by severity); a
// mention's drawer marks its keywords in the text; the post addressed to an AI assistant is shown
// as the data it is; a keyword added on the Keywords tab finds stored mentions once the re-match
// ends; every view is axe-clean.

test('the demo mentions, a drawer with marked keywords, and a keyword that finds stored mentions', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  const problems: string[] = [];
  await page.goto('/restrictedenvironment?sort=-severity');
  await expect(page.getByRole('heading', { level: 1, name: 'Restricted environment' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Mentions of your company in closed sources' });
  // The module registers last: its demo feed is imported after the other modules' files.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('demo-badge')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 120_000 });
  const leak = table.locator('tbody tr').filter({ hasText: 'LockBit 3.0 blog' });
  await expect(leak).toHaveCount(1);
  await expect(leak).toContainText('Critical');
  await expect(leak).toContainText('acme-retail.example');
  // Posts that name nothing of the company are kept, not listed; the one delivered twice is one row.
  await expect(table.locator('tbody tr').filter({ hasText: 'Genesis Store' })).toHaveCount(0);
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/restrictedenvironment: ${v}`);

  await table.locator('tbody tr').filter({ hasText: 'BreachForums' }).getByRole('link').first().click();
  const text = page.getByTestId('mention-text');
  // The executive's name matched without its accents, marked where the post wrote it.
  await expect(text.locator('mark').filter({ hasText: 'marta conceicao' })).toBeVisible();
  await expect(page.getByTestId('finding-panel')).toBeVisible();
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`drawer: ${v}`);
  await page.keyboard.press('Escape');

  await page.goto('/restrictedenvironment?q=instructions');
  await table.locator('tbody tr').filter({ hasText: 'Dread' }).getByRole('link').first().click();
  await expect(page.getByTestId('mention-text')).toContainText('Ignore previous instructions');
  await page.keyboard.press('Escape');

  await page.goto('/restrictedenvironment?tab=keywords');
  const keywords = page.getByRole('table', { name: 'Keyword watch list' });
  await expect(keywords).toContainText('Marta Conceição');
  for (const v of await seriousViolations(page, ['main'])) problems.push(`keywords: ${v}`);
  await page.getByRole('button', { name: 'Add keyword' }).click();
  const dialog = page.getByTestId('mentions-keyword-dialog');
  await dialog.getByRole('combobox', { name: 'Class' }).selectOption('other');
  await dialog.getByRole('textbox', { name: /Keyword/ }).fill('fullz');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toBeHidden();
  const row = keywords.locator('tbody tr').filter({ hasText: 'fullz' });
  await expect(row.getByRole('link', { name: '1 mention' })).toBeVisible({ timeout: 60_000 });
  await row.getByRole('link', { name: '1 mention' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText('Genesis Store');
  // Leave the demo as it was for the other specs.
  await page.goto('/restrictedenvironment?tab=keywords');
  await keywords.locator('tbody tr').filter({ hasText: 'fullz' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(keywords.locator('tbody tr').filter({ hasText: 'fullz' })).toHaveCount(0);
  console.log(`axe: /restrictedenvironment ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});
