// Route TwoStepVerification.
export { TwoFactorScreen as Component } from '@/features/auth/two-factor';
