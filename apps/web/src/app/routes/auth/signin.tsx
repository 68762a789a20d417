// Route Signin: sign in, register, terms and e-mail verification views, and the Microsoft return.
export { SigninScreen as SigninPage } from '@/identity/auth/signin';
