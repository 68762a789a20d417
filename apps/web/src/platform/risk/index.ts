export { RiskScreen } from './components/risk-screen';
export { TopFixes } from './components/top-fixes';
