// Entry of the ResetPassword route's chunk.
export { ResetPasswordScreen } from './components/reset-password-screen';
