// The sign-in screens (lazy chunk of the public auth routes).
export { ResetPasswordScreen } from './components/reset-password-screen';
export { SigninScreen } from './components/signin-screen';
export { ConfirmRegistrationScreen, VerifyEmailScreen } from './components/token-screens';
export { TwoFactorScreen } from './components/two-factor-screen';
