// The cyber advisor's public surface: app/ routes /cyberadvisor to the screen.
export { AdvisorScreen } from './components/advisor-screen';
