// Entry of the VerifyEmail and ConfirmRegistration routes' chunk.
export { ConfirmRegistrationScreen, VerifyEmailScreen } from './components/token-screens';
