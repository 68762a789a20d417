export { AnalyticsScreen } from './components/analytics-screen';
