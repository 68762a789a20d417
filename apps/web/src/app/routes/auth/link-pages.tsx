// Routes VerifyEmail and ConfirmRegistration: the links of the e-mails the server sends.
export {
  ConfirmRegistrationScreen as ConfirmRegistrationPage,
  VerifyEmailScreen as VerifyEmailPage,
} from '@/identity/auth/link-screens';
