// What the signed-in layout needs from the account feature (small: it loads with every screen).
export { rememberPicture, useAccountPicture, useAccountSync } from './account-sync';
