import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { StatusPage } from '@/components/layout/status-page';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunk-reload';
import { revealApp } from '@/lib/preboot';
import { NotFoundPage } from './public/not-found';

/**
 * The router's error boundary: a screen chunk that failed to load reloads the page once (a deploy
 * replaced the files), then shows the error page instead of a white screen.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useLayoutEffect(revealApp, []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = isChunkLoadError(error);
  if (chunk && reloadOnceForChunkError()) return null;
  if (!chunk) console.error(error);
  return (
    <StatusPage
      code="500"
      title={t(chunk ? 'statusPages.chunk.title' : 'statusPages.error500.title')}
      description={t(chunk ? 'statusPages.chunk.description' : 'statusPages.error500.description')}
      homeLabel={t('notFound.backHome')}
    />
  );
}
