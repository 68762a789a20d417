import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/fixtures.ts';

// Issue 33 item 6: at 1440×900 the right-hand columns of Vulnerabilities, Script Manager, CVE monitor
// and Credentials needed a sideways scroll inside the card, and on a phone Credentials stacked nine
// filters above its first row. The one layout rule of the shared DataTable (column priority, long
// values cut with an ellipsis, filters behind one button on a phone) is checked on every list screen.

/** The list screens of the navigation (src/config/paths.ts) that show tables; each tab is walked. */
const LIST_SCREENS = [
  '/credentials',
  '/restrictedenvironment',
  '/gitdork',
  '/googledork',
  '/gaudork',
  '/companyassets',
  '/supplierassets',
  '/suppliers',
  '/vulnerabilities',
  '/Ecommerce',
  '/vtex',
  '/vtexdork',
  '/vtexblacklist',
  '/scripts',
  '/dork',
  '/jsblacklist',
  '/cvemonitor',
];

/** What is wrong with the tables on screen: a table wider than its card, or a first column cut. */
function tableProblems(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) => {
    const problems: string[] = [];
    for (const table of main.querySelectorAll('table')) {
      if (!table.checkVisibility()) continue;
      const name = table.querySelector('caption')?.textContent?.trim() || 'table';
      const box = table.parentElement;
      if (!box) continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim()).join(' | ');
        problems.push(`"${name}" scrolls sideways (${box.scrollWidth} px in ${box.clientWidth} px): ${headers}`);
      }
      const right = box.getBoundingClientRect().right;
      // The first column that is not the row checkbox: the finding's name or link.
      const headers = [...table.querySelectorAll('thead th')];
      const first = headers.findIndex((th) => !th.querySelector('input[type="checkbox"]'));
      if (first < 0) continue;
      for (const row of table.querySelectorAll('tbody tr')) {
        const cell = row.children[first];
        if (!(cell instanceof HTMLTableCellElement) || cell.colSpan > 1) continue;
        const rect = cell.getBoundingClientRect();
        const clipped = rect.right > right + 1 || cell.scrollWidth > cell.clientWidth + 1;
        if (clipped) {
          problems.push(`"${name}" cuts its first column: "${cell.textContent?.trim().slice(0, 60)}"`);
          break;
        }
      }
    }
    return problems;
  });
}

/** Waits for the tab's rows (or its empty state) so that what is measured is what a user sees. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await page
    .locator('main tbody tr td:not(:has(.chakra-skeleton))')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
}

test.describe('at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('no list screen scrolls a table sideways or cuts its first column', async ({ page }) => {
    test.setTimeout(480_000);
    await signIn(page);
    const problems: string[] = [];
    let measured = 0;
    for (const path of LIST_SCREENS) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      const tabs = page.locator('main [role="tab"]');
      const count = await tabs.count();
      for (let i = 0; i < Math.max(count, 1); i++) {
        if (count > 0) await tabs.nth(i).click();
        await settle(page);
        const label = count > 0 ? `${path} [${(await tabs.nth(i).textContent())?.trim()}]` : path;
        measured += await page.locator('main table:visible').count();
        for (const problem of await tableProblems(page)) problems.push(`${label}: ${problem}`);
      }
    }
    expect(measured, 'the walk found tables to measure').toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });
});

test.describe('at 375×812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the first row of Credentials is in the first screenful, its filters behind one button', async ({ page }) => {
    await signIn(page);
    for (const path of ['/credentials', '/credentials?tab=devices', '/vulnerabilities']) {
      await page.goto(path);
      const row = page.locator('main tbody tr').first();
      await expect(row).toBeVisible();
      await expect(page.locator('main tbody tr td .chakra-skeleton')).toHaveCount(0);
      const top = await row.evaluate((tr) => tr.getBoundingClientRect().top + window.scrollY);
      expect(top, `${path}: the first row starts within the first 812 px`).toBeLessThan(812 - 40);
    }
    // The filters are one tap away, and the button counts the filters in use.
    await page.goto('/credentials?severity=high');
    const button = page.getByRole('button', { name: /^Filters/ });
    await expect(button).toHaveAccessibleName('Filters (1 in use)');
    const panel = page.getByTestId('filter-panel');
    await expect(panel).toBeHidden();
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('button', { name: /^Severity/ })).toBeVisible();
  });
});
