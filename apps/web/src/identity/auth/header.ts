// Header controls of the signed-in layout (lazy chunk: keeps Menu and Avatar off the sign-in page).
export { CompanySwitcher } from './components/company-switcher';
export { SessionAlerts } from './components/session-alerts';
export { SessionLanguageSelect } from './components/session-language-select';
export { UserMenu } from './components/user-menu';
