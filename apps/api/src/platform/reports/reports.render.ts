// Printing a report to PDF: the headless Chromium (shared/chromium.ts) opens the web app's print
// view `/report/print/<id>#token=<print token>` in the report's language; the view fetches its data
// with the token (the fragment never reaches a server or a log), draws the same charts and tables
// as the screens, and marks itself ready (`data-report-ready`) or failed (`data-report-error`);
// then `page.pdf` prints it on A4 with the company, the period and page numbers in the footer.
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { launchChromium, playwrightReason } from '../../shared/chromium.js';

export const RENDER_LIMITS = {
  /** The whole rendering, browser start to PDF. */
  timeoutMs: 90_000,
  /** A bigger PDF fails the report (the print view is a few pages). */
  maxPdfBytes: 20 * 1024 * 1024,
};

export class RenderFailed extends Error {}

export interface RenderInput {
  chromiumPath: string;
  /** Where the browser reaches the web app (the server's public URL). */
  baseUrl: string;
  reportId: number;
  token: string;
  language: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Chromium's footer template: the line the view gives (report, company, period), and "page / pages". */
function footer(title: string): string {
  return `<div style="font-size:8px;width:100%;padding:0 12mm;display:flex;justify-content:space-between;color:#555;font-family:sans-serif">
    <span>${escapeHtml(title)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>`;
}

/** Waits for the view to say it is drawn (or why it cannot be); locators only: the app's CSP forbids eval. */
async function waitUntilDrawn(page: Page, deadline: number): Promise<void> {
  const marked = page.locator('[data-report-ready], [data-report-error]').first();
  await marked.waitFor({ state: 'attached', timeout: Math.max(1000, deadline - Date.now()) });
  const error = await marked.getAttribute('data-report-error');
  if (error !== null) throw new RenderFailed(`The print view could not load the report: ${error}`);
}

/** The PDF of one report and its page count; RenderFailed (or ChromiumUnavailable) says why not. */
export async function printReport(
  input: RenderInput,
  signal?: AbortSignal,
): Promise<{ pdf: Uint8Array; pages: number }> {
  const deadline = Date.now() + RENDER_LIMITS.timeoutMs;
  const browser = await launchChromium(input.chromiumPath, []);
  const stop = () => void browser.close().catch(() => undefined);
  signal?.addEventListener('abort', stop);
  try {
    const context = await browser.newContext({
      locale: input.language,
      timezoneId: 'UTC',
      // Tall enough for every chart to be on screen: the app draws a chart once it comes into view.
      viewport: { width: 1024, height: 4000 },
      colorScheme: 'light',
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(RENDER_LIMITS.timeoutMs);
    const url = `${input.baseUrl}/report/print/${input.reportId}#token=${encodeURIComponent(input.token)}`;
    await page.goto(url, { waitUntil: 'load', timeout: Math.max(1000, deadline - Date.now()) });
    await waitUntilDrawn(page, deadline);
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: footer((await page.getAttribute('[data-report-ready]', 'data-report-footer')) ?? ''),
      margin: { top: '14mm', bottom: '16mm', left: '12mm', right: '12mm' },
    });
    if (pdf.byteLength > RENDER_LIMITS.maxPdfBytes) {
      throw new RenderFailed(`The PDF is larger than ${RENDER_LIMITS.maxPdfBytes / 1024 / 1024} MiB.`);
    }
    const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
    return { pdf: new Uint8Array(pdf), pages };
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof RenderFailed) throw error;
    if (/Timeout .*exceeded/.test(playwrightReason(error))) {
      throw new RenderFailed(`The print view did not finish within ${RENDER_LIMITS.timeoutMs / 1000} s.`);
    }
    throw new RenderFailed(playwrightReason(error));
  } finally {
    signal?.removeEventListener('abort', stop);
    await browser.close().catch(() => undefined);
  }
}
