// The account pages' cards are the shared settings card (components/ui/settings-section.tsx).
export { SettingsSection as AccountSection, StatusLine } from '@/components/ui/settings-section';
