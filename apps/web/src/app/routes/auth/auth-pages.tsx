import {
  ConfirmRegistrationScreen,
  ResetPasswordScreen,
  SigninScreen,
  TwoFactorScreen,
  VerifyEmailScreen,
} from '@/features/auth/screens';

// The public auth routes (spec §2 route names); each one is a screen of the auth feature.
export const SigninPage = SigninScreen;
export const TwoStepVerificationPage = TwoFactorScreen;
export const ResetPasswordPage = ResetPasswordScreen;
export const VerifyEmailPage = VerifyEmailScreen;
export const ConfirmRegistrationPage = ConfirmRegistrationScreen;
