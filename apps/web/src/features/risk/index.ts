export { RiskScreen } from './components/risk-screen';
