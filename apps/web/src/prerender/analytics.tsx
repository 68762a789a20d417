// Build-time only (scripts/prerender.mjs): the public CVE landscape (/analytics) as HTML, rendered by
// the same components the app renders, in English and the light theme, with no data yet: the header,
// the heading, the introduction, the period, and the totals and charts holding their space. The
// browser paints it at once; the app, loaded straight away, takes it over and fetches the figures.
import { AnalyticsPage } from '@/app/routes/public/analytics';
import { renderRoute } from './render-route';

/** The landscape page's markup (`#root`'s content) and its title, from the English messages given. */
export function renderAnalytics(messages: Record<string, unknown>): Promise<{ html: string; title: string }> {
  return renderRoute('/analytics', AnalyticsPage, 'screens.analytics.title', messages);
}
