export { CvesScreen } from './components/cves-screen';
