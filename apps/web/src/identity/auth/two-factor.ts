// Entry of the TwoStepVerification route's chunk (the pin input stays off the sign-in page).
export { TwoFactorScreen } from './components/two-factor-screen';
