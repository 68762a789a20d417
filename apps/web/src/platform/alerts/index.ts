// Alerts: the signed-in user's notification preferences (alert rules) and, for administrators, the
// company's webhooks and SIEM/ticket channels with their delivery logs; composed into the account settings page by src/app/.

export { AlertChannelsSection } from './components/channels-section';
export { NotificationPreferencesSection } from './components/notification-preferences';
export { WebhooksSection } from './components/webhooks-section';
