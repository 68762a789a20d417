// Alerts: the signed-in user's notification preferences (alert rules) and, for administrators, the
// company's webhooks with their delivery log; composed into the account settings page by src/app/.

export { NotificationPreferencesSection } from './components/notification-preferences';
export { WebhooksSection } from './components/webhooks-section';
