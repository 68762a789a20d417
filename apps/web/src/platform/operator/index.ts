export { OperatorStatusScreen } from './components/operator-status-screen';
