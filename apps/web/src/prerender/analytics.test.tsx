// @vitest-environment node
// The build's pre-rendered public landscape (scripts/prerender.mjs → dist/analytics.html): rendered
// as the server renders it (no DOM, so emotion inlines the styles), then made into the page the API
// serves for /analytics. Its heading and text must be in the HTML itself, styled, before any script.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error the build script is plain JavaScript (no declarations)
import { analyticsDocument, extractStyles } from '../../scripts/prerender.mjs';
import { renderAnalytics } from './analytics';

const messages = JSON.parse(readFileSync(join(import.meta.dirname, '../../public/locales/en.json'), 'utf8'));
const en = messages as { analytics: Record<string, string> };

const indexHtml = `<!doctype html><html lang="en"><head><script src="/theme-init.js"></script><title>Vigil</title>
<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-AbCd1234.js">
</head><body><div id="root"></div></body></html>`;

/** Text content of the markup: tags and style blocks removed, entities of the messages decoded. */
const textOf = (markup: string) =>
  markup
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the pre-rendered public landscape', () => {
  it('holds the heading, the introduction, the period and each chart heading, styled, with no figures yet', async () => {
    const { html, title } = await renderAnalytics(messages);
    const { styles, markup } = extractStyles(html);
    expect(title).toBe('Vigil | Analytics');
    expect(markup).toMatch(/<h1[^>]*>Analytics<\/h1>/);
    const text = textOf(markup);
    for (const key of ['intro', 'newCves', 'kevAdded', 'epss', 'vendors']) {
      expect(text, key).toContain(String(en.analytics[key]));
    }
    expect(text).toContain('Last 12 weeks');
    expect(markup).toMatch(/<select[^>]*aria-label="Period"/);
    expect(markup).toContain('data-testid="language-select"');
    // The styles that paint it are in the page, not computed by a script.
    expect(styles.length).toBeGreaterThan(0);
    expect(styles.join('')).toContain('--chakra-');
    // No figures: the app fetches them (nothing stale is baked into the build).
    expect(markup).not.toContain('landscape-updated');
    expect(markup).not.toContain('highcharts');
  });

  it('is served as a page that paints without the app and loads the app at once', async () => {
    const { html, title } = await renderAnalytics(messages);
    const page: string = analyticsDocument(indexHtml, { ...extractStyles(html), title });
    expect(page).toContain('<div id="root" data-prerendered="analytics"><');
    expect(page).toContain('<title>Vigil | Analytics</title>');
    expect(page).toContain('<meta name="vigil-modules" content="/assets/index-AbCd1234.js" />');
    expect(page).toContain('<script src="/analytics-boot.js"></script>');
    // The boot script loads the app's code after the first paint (preloading the app's entry in
    // <head> delayed the first paint: measured, issue 33 item 8); the build's own preloads stay.
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/react-AbCd1234.js">');
    expect(page).not.toContain('<script type="module"');
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<style data-emotion=');
  });
});
