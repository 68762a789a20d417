export { VulnerabilitiesScreen } from './components/vulnerabilities-screen';
