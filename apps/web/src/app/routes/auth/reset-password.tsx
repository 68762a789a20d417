// Route ResetPassword: request a link, or set a new password with the link's token.
export { ResetPasswordScreen as Component } from '@/identity/auth/reset-password';
