import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { protectedScreens, publicPaths } from '@/config/paths';
import { RequireAuth } from '@/identity/auth';
import { screensOf } from '@/lib/modules';
import { webModules } from './modules';
import { SigninPage } from './routes/auth/signin';
import { NotFoundPage } from './routes/public/not-found';
import { RootLayout } from './routes/root';
import { RouteError } from './routes/route-error';

const monitoring = () => import('./routes/app/monitoring-screen');
// The home screen's feature chunk is fetched in parallel with its route module (no waterfall).
const dashboard = () => {
  void import('@/platform/dashboard');
  return import('./routes/app/dashboard');
};
/** The screens that have their own module (app/modules.ts); the others show the honest empty state. */
const screenModules: Partial<Record<string, NonNullable<RouteObject['lazy']>>> = {
  dashboard,
  'user-list': () => import('./routes/app/user-list'),
  profile: () => import('./routes/app/profile'),
  'account-settings': () => import('./routes/app/account-settings'),
  'technical-risk': () => import('./routes/app/technical-risk'),
  insight: () => import('./routes/app/insight'),
  report: () => import('./routes/app/report'),
  search: () => import('./routes/app/search'),
  'cyber-advisor': () => import('./routes/app/cyber-advisor'),
  'global-corporate': () => import('./routes/app/global-corporate'),
  // The page around a module's screen comes with the screen's chunk, never with the app's.
  ...Object.fromEntries(
    webModules
      .flatMap(screensOf)
      .map((screen) => [screen.screen, async () => (await import('./routes/app/module-page')).modulePage(screen)]),
  ),
};
const statusPages = () => import('./routes/public/status-pages');

/**
 * The product's one route table (spec §2, decision 1): every path exact, screens loaded on demand,
 * protected screens behind the guard, the spec's route names as route ids.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // The first screen's chunk is on its way: the blank page theme-init.js painted stays.
    HydrateFallback: () => null,
    children: [
      {
        id: 'protected',
        Component: RequireAuth,
        children: [
          {
            lazy: () => import('./routes/app/app-layout'),
            children: [
              { index: true, lazy: dashboard, handle: { title: 'common.home', screen: 'dashboard' } },
              // Platform operators' view (not a company screen: reached from the user menu).
              {
                path: '/operator',
                lazy: () => import('./routes/app/operator-status'),
                handle: { title: 'operator.title' },
              },
              ...protectedScreens.map(
                (screen): RouteObject => ({
                  path: screen.path,
                  lazy: screenModules[screen.id] ?? monitoring,
                  handle: { title: `screens.${screen.id}.title`, screen: screen.id },
                }),
              ),
            ],
          },
        ],
      },
      {
        path: publicPaths.signin,
        id: 'Signin',
        // Most first visits land here, so its screen ships with the app chunk (no extra round trip).
        lazy: async () => ({ Component: SigninPage }),
        handle: { title: 'auth.signin.title' },
      },
      {
        path: publicPaths.twoStepVerification,
        id: 'TwoStepVerification',
        lazy: () => import('./routes/auth/two-step-verification'),
        handle: { title: 'auth.twoFactor.title' },
      },
      {
        path: publicPaths.resetPassword,
        id: 'ResetPassword',
        lazy: () => import('./routes/auth/reset-password'),
        handle: { title: 'auth.resetPassword.title' },
      },
      {
        path: publicPaths.verifyEmail,
        id: 'VerifyEmail',
        lazy: () => import('./routes/auth/link-pages').then((m) => ({ Component: m.VerifyEmailPage })),
        handle: { title: 'auth.verifyEmail.title' },
      },
      {
        path: publicPaths.confirmRegistration,
        id: 'ConfirmRegistration',
        lazy: () => import('./routes/auth/link-pages').then((m) => ({ Component: m.ConfirmRegistrationPage })),
        handle: { title: 'auth.confirmRegistration.title' },
      },
      {
        path: publicPaths.invitation,
        lazy: () => import('./routes/auth/invitation'),
        handle: { title: 'members.title' },
      },
      {
        path: publicPaths.analytics,
        lazy: () => import('./routes/public/analytics'),
        handle: { title: 'screens.analytics.title' },
      },
      {
        // The report's print view, opened by the server's renderer with a print token (no session).
        path: '/report/print/:id',
        lazy: () => import('./routes/print/report-print'),
        handle: { title: 'reports.print.title' },
      },
      {
        path: publicPaths.blank,
        lazy: () => statusPages().then((m) => ({ Component: m.BlankPage })),
        handle: { title: 'statusPages.blank.title' },
      },
      {
        path: publicPaths.error500,
        lazy: () => statusPages().then((m) => ({ Component: m.Error500Page })),
        handle: { title: 'statusPages.error500.title' },
      },
      {
        path: publicPaths.error503,
        lazy: () => statusPages().then((m) => ({ Component: m.Error503Page })),
        handle: { title: 'statusPages.error503.title' },
      },
      {
        path: publicPaths.maintenance,
        lazy: () => statusPages().then((m) => ({ Component: m.MaintenancePage })),
        handle: { title: 'statusPages.maintenance.title' },
      },
      {
        path: publicPaths.comingSoon,
        lazy: () => statusPages().then((m) => ({ Component: m.ComingSoonPage })),
        handle: { title: 'statusPages.comingSoon.title' },
      },
      {
        path: publicPaths.error404,
        lazy: async () => ({ Component: NotFoundPage }),
        handle: { title: 'notFound.title' },
      },
      { path: '*', lazy: async () => ({ Component: NotFoundPage }), handle: { title: 'notFound.title' } },
    ],
  },
];

export function createAppRouter(routeTable: RouteObject[] = routes) {
  return createBrowserRouter(routeTable);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
