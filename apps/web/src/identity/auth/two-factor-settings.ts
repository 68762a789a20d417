// Entry of the account settings' two-factor section (the QR code encoder stays off other pages).
export { TwoFactorSettings } from './settings/two-factor-settings';
