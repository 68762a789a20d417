/**
 * The product's one route table (spec §2, decision 1). Paths are exact, legacy spellings
 * included (`/Ecommerce`, `/cvemonitor`, `/account-setting`). Each screen id is its feature's
 * kebab-case name and its i18n key under `screens.<id>`.
 */

export type NavGroupId = 'overview' | 'leaks' | 'attack-surface' | 'ecommerce' | 'intelligence' | 'administration';

export interface ProtectedScreen {
  id: string;
  path: string;
  group: NavGroupId;
}

/** Every route that requires sign-in, in navigation order. `/` shows the dashboard too. */
export const protectedScreens = [
  { id: 'dashboard', path: '/dashboard', group: 'overview' },
  { id: 'insight', path: '/insight', group: 'overview' },
  { id: 'technical-risk', path: '/technicalrisk', group: 'overview' },
  { id: 'global-corporate', path: '/globalcorporate', group: 'overview' },
  { id: 'report', path: '/report', group: 'overview' },
  { id: 'credentials', path: '/credentials', group: 'leaks' },
  { id: 'restricted-environment', path: '/restrictedenvironment', group: 'leaks' },
  { id: 'git-dork', path: '/gitdork', group: 'leaks' },
  { id: 'google-dork', path: '/googledork', group: 'leaks' },
  { id: 'gau-dork', path: '/gaudork', group: 'leaks' },
  { id: 'company-assets', path: '/companyassets', group: 'attack-surface' },
  { id: 'supplier-assets', path: '/supplierassets', group: 'attack-surface' },
  { id: 'suppliers', path: '/suppliers', group: 'attack-surface' },
  { id: 'vulnerabilities', path: '/vulnerabilities', group: 'attack-surface' },
  { id: 'ecommerce', path: '/Ecommerce', group: 'ecommerce' },
  { id: 'vtex', path: '/vtex', group: 'ecommerce' },
  { id: 'vtex-dork', path: '/vtexdork', group: 'ecommerce' },
  { id: 'vtex-blacklist', path: '/vtexblacklist', group: 'ecommerce' },
  { id: 'scripts', path: '/scripts', group: 'ecommerce' },
  { id: 'js-attack-patterns', path: '/dork', group: 'ecommerce' },
  { id: 'js-blacklist', path: '/jsblacklist', group: 'ecommerce' },
  { id: 'cve-monitor', path: '/cvemonitor', group: 'intelligence' },
  { id: 'search', path: '/search', group: 'intelligence' },
  { id: 'cyber-advisor', path: '/cyberadvisor', group: 'intelligence' },
  { id: 'user-list', path: '/userlist', group: 'administration' },
  { id: 'profile', path: '/profile', group: 'administration' },
  { id: 'account-settings', path: '/account-setting', group: 'administration' },
] as const satisfies readonly ProtectedScreen[];

export type ProtectedScreenId = (typeof protectedScreens)[number]['id'];

export const navGroups: readonly NavGroupId[] = [
  'overview',
  'leaks',
  'attack-surface',
  'ecommerce',
  'intelligence',
  'administration',
];

/** Public paths and their route names (spec §2). */
export const publicPaths = {
  signin: '/signin',
  analytics: '/analytics',
  blank: '/blank',
  error404: '/error-404',
  error500: '/error-500',
  error503: '/error-503',
  maintenance: '/maintenance',
  comingSoon: '/coming-soon',
  twoStepVerification: '/two-step-verification',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email/:token',
  confirmRegistration: '/confirm-registration/:id/:token',
  invitation: '/invitation',
} as const;

/** Route names of the spec, for navigation intents that name a route instead of a path. */
export const routeNames = {
  Signin: publicPaths.signin,
  TwoStepVerification: publicPaths.twoStepVerification,
  ResetPassword: publicPaths.resetPassword,
  VerifyEmail: publicPaths.verifyEmail,
  ConfirmRegistration: publicPaths.confirmRegistration,
} as const;

export type RouteName = keyof typeof routeNames;

export const HOME_PATH = '/';

/** The nav group holding a path, if the path is a protected screen (or `/`). */
export function groupOfPath(pathname: string): NavGroupId | undefined {
  if (pathname === HOME_PATH) return 'overview';
  return protectedScreens.find((screen) => screen.path === pathname)?.group;
}

/** The screen shown at a path (`/` is the dashboard). */
export function screenOfPath(pathname: string): ProtectedScreen | undefined {
  if (pathname === HOME_PATH) return protectedScreens[0];
  return protectedScreens.find((screen) => screen.path === pathname);
}
