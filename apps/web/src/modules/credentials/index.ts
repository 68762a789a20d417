export { CredentialsScreen } from './components/credentials-screen';
