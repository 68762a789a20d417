// Entry of the Signin route's chunk.
export { SigninScreen } from './components/signin-screen';
