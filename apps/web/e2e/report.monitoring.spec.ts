import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriousViolations } from './support/axe.ts';
import { expect, openSignedIn, openWithDemoData, test } from './support/fixtures.ts';

// Issue 19's /report on a fresh start: the demo analyst asks for a report in French; the server's
// headless browser prints the print view to a PDF, which is downloaded and read back with Debian's
// poppler-utils (pdftoppm, pdftotext): its pages, chart pixels where the charts are, French text.

/** The RGB pixels of one page rendered by pdftoppm as PPM (P6) at 72 dpi: 1 pixel per PDF point. */
function readPpm(file: string): { width: number; height: number; rgb: Buffer } {
  const bytes = readFileSync(file);
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 32).toString('latin1'));
  if (!header?.[1] || !header[2]) throw new Error(`${file} is not a binary PPM`);
  return { width: Number(header[1]), height: Number(header[2]), rgb: bytes.subarray(header[0].length) };
}

/** Pixels of a clear colour (not white, grey or black) between two heights of a page. */
function colouredPixels(page: ReturnType<typeof readPpm>, top: number, bottom: number): number {
  let count = 0;
  for (let y = Math.max(0, Math.floor(top)); y < Math.min(page.height, Math.ceil(bottom)); y += 1) {
    for (let x = 0; x < page.width; x += 1) {
      const i = (y * page.width + x) * 3;
      const [r, g, b] = [page.rgb[i] ?? 0, page.rgb[i + 1] ?? 0, page.rgb[i + 2] ?? 0];
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) count += 1;
    }
  }
  return count;
}

/** Where a heading's first word sits: its page (1-based) and its bottom, in points (pdftotext -bbox). */
function headingPosition(bboxHtml: string, words: string[]): { page: number; bottom: number } {
  const pages = bboxHtml.split('<page ').slice(1);
  for (const [index, page] of pages.entries()) {
    const found = [
      ...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g),
    ];
    for (let i = 0; i + words.length <= found.length; i += 1) {
      if (words.every((word, k) => found[i + k]?.[3] === word))
        return { page: index + 1, bottom: Number(found[i + words.length - 1]?.[2]) };
    }
  }
  throw new Error(`heading "${words.join(' ')}" not found in the PDF`);
}

test('report: a French PDF of the demo company, with its charts, read back page by page', async ({ page }) => {
  test.setTimeout(180_000);
  await openSignedIn(page, '/credentials');
  await openWithDemoData(page, '/credentials', 'Credentials', { opened: true });
  await openWithDemoData(page, '/vulnerabilities', 'Vulnerabilities');

  await page.goto('/report');
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible();
  await test.step('no serious accessibility problem on the screen', async () => {
    await expect(page.getByRole('heading', { level: 2, name: 'Monthly report by e-mail' })).toBeVisible();
    expect(await seriousViolations(page, ['main'])).toEqual([]);
  });

  await test.step('the analyst asks for the last 30 days in French; the history shows it ready', async () => {
    await page.getByRole('combobox', { name: 'Period' }).selectOption('last30');
    await page.getByRole('combobox', { name: 'Language of the report' }).selectOption('fr');
    await page.getByRole('button', { name: 'Generate report' }).click();
    await expect(page.getByRole('status')).toContainText('The report is being generated');
    const history = page.getByTestId('table-reports');
    await expect(history.locator('tbody tr').first()).toContainText('Français');
    await expect(history.locator('tbody tr').first()).toContainText('Ready', { timeout: 120_000 });
    await expect(history.locator('tbody tr').first()).toContainText('Ana Analyst');
  });

  const dir = mkdtempSync(join(tmpdir(), 'vigil-report-'));
  try {
    const file = join(dir, 'report.pdf');
    await test.step('the PDF downloads as an attachment', async () => {
      const link = page
        .getByTestId('table-reports')
        .getByRole('link', { name: /^Download PDF: the report of / })
        .first();
      const response = await page.request.get((await link.getAttribute('href')) ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="vigil-report-\d+-.+\.pdf"$/);
      const pdf = await response.body();
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      writeFileSync(file, pdf);
    });

    await test.step('pdftoppm turns it into as many pages as it says it has', async () => {
      execFileSync('pdftoppm', ['-r', '72', file, join(dir, 'page')]);
      const pages = readdirSync(dir).filter((name) => name.endsWith('.ppm'));
      const info = execFileSync('pdfinfo', [file]).toString('utf8');
      const count = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
      // Summary, rating and charts, then the findings of each module from a new page.
      expect(count).toBeGreaterThanOrEqual(2);
      expect(pages).toHaveLength(count);
      expect(info).toMatch(/Page size:.*\(A4\)/);
    });

    await test.step('the text is French, with the company, the sections and page numbers', async () => {
      const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
      for (const phrase of [
        'Rapport de sécurité',
        'Acme Retail',
        'Synthèse',
        'Note sur la période',
        'Découvertes ouvertes par module et gravité',
        'Principales découvertes par module',
        'Demandé par Ana Analyst',
      ]) {
        expect(text).toContain(phrase);
      }
      expect(text).not.toContain('Executive summary');
      expect(text).toMatch(/\b1 ?\/ ?\d+\b/);
    });

    await test.step('the chart areas hold chart pixels', async () => {
      const bbox = execFileSync('pdftotext', ['-bbox', file, '-']).toString('utf8');
      const pagesOf = readdirSync(dir)
        .filter((name) => name.endsWith('.ppm'))
        .sort();
      for (const heading of [
        ['Découvertes', 'ouvertes', 'par', 'module'],
        ['Découvertes', 'nouvelles', 'et', 'résolues'],
      ]) {
        const at = headingPosition(bbox, heading);
        const image = readPpm(join(dir, pagesOf[at.page - 1] ?? ''));
        // The chart is drawn under its heading (about 180 points high): bars in the severities' colours.
        expect(colouredPixels(image, at.bottom, at.bottom + 180), heading.join(' ')).toBeGreaterThan(500);
      }
      // The header above the summary is text only: next to no colour there, so the counts above are the charts'.
      const summary = headingPosition(bbox, ['Synthèse']);
      const first = readPpm(join(dir, pagesOf[summary.page - 1] ?? ''));
      expect(colouredPixels(first, 0, summary.bottom)).toBeLessThan(50);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
