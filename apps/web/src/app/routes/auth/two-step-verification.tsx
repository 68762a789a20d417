// Route TwoStepVerification.
export { TwoFactorScreen as Component } from '@/identity/auth/two-factor';
