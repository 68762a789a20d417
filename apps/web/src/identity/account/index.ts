export { AccountSettingsScreen } from './components/account-settings-screen';
export { AppearanceSection } from './components/appearance-section';
export { PasswordSection } from './components/password-section';
export { ProfileScreen } from './components/profile-screen';
export { SessionsSection } from './components/sessions-section';
