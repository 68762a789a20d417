import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router-dom';
import { env } from '@/config/env';
import { clearChunkReloadFlag } from '@/lib/chunk-reload';
import { revealApp } from '@/lib/preboot';

export interface RouteHandle {
  /** i18n key of the route's title. */
  title: string;
}

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

/** Page title: `Vigil | <route title>`, or `Vigil | Home` (decision 6). */
export function useDocumentTitle(fallbackKey = 'common.home'): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches].reverse().find((match) => hasTitle(match.handle))?.handle;
  const titleKey = hasTitle(key) ? key.title : fallbackKey;
  useEffect(() => {
    document.title = `${env.productName} | ${t(titleKey)}`;
  }, [t, titleKey]);
}

export function RootLayout() {
  useDocumentTitle();
  // The first screen has rendered: it replaces the pre-rendered sign-in page, if that is showing.
  useLayoutEffect(revealApp, []);
  useEffect(() => {
    // Rendering got this far, so chunks load again: a later failure may reload once more.
    clearChunkReloadFlag();
  }, []);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
