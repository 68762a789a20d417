import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router-dom';
import { protectedScreens } from '@/config/paths';
import { ScreenEmptyState } from '@/platform/monitoring/components/screen-empty-state';

function screenIdOf(handle: unknown): string | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const screen = (handle as { screen?: unknown }).screen;
  return typeof screen === 'string' ? screen : undefined;
}

/** Every monitoring route until its feature issue gives it its own module in the route table. */
export function MonitoringScreen() {
  const { t } = useTranslation();
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const id = screenIdOf(last?.handle);
  const screen = protectedScreens.find((s) => s.id === id);
  if (!screen) return null;
  const home = last?.pathname === '/';
  return <ScreenEmptyState screen={screen} {...(home ? { title: t('screens.dashboard.title') } : {})} />;
}

export { MonitoringScreen as Component };
