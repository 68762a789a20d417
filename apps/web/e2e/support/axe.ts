import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe.source is injected into the page (the @axe-core/playwright helper needs Node 22).
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;

interface AxeResult {
  violations: Array<{
    id: string;
    impact: string | null;
    help: string;
    nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
  }>;
}

/** Serious and critical violations on the page, or only inside `include` (CSS selectors). */
export async function seriousViolations(page: Page, include?: string[]): Promise<string[]> {
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') forbids inline scripts.
  // Once per loaded page: a walk through the app's own navigation checks many screens on one load.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async (selectors) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (context: unknown, options: unknown) => Promise<AxeResult>;
          _audit?: { rules?: Array<{ id: string; impact?: string }> };
        };
      }
    ).axe;
    // Rules whose worst finding is minor or moderate cannot fail this check: not run (`region`, the
    // slowest rule on a long page, is one of them).
    const quiet = (axe._audit?.rules ?? []).filter((r) => r.impact === 'minor' || r.impact === 'moderate');
    const rules = Object.fromEntries(quiet.map((r) => [r.id, { enabled: false }]));
    return axe.run(selectors ? { include: selectors.map((s) => [s]) } : document, { rules });
  }, include);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          // The element's markup (cut) says which one it is: a generated class name alone does not.
          .map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`)
          .join(', ')})`,
    );
}

/** Waits for a drawer's or dialog's opening animation, so axe judges the colours the user sees. */
export async function settled(page: Page, testId: string): Promise<void> {
  await page
    .getByTestId(testId)
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
}
