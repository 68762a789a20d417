import type { TFunction } from 'i18next';

// The server's field messages of the account calls, shown in the interface language.
const keys: Record<string, string> = {
  'The current password is incorrect.': 'account.errors.currentWrong',
  'The password must be at least 10 characters.': 'account.errors.tooShort',
  'The password must not be the e-mail address.': 'account.errors.isEmail',
  'The password confirmation does not match.': 'account.errors.mismatch',
  'The new password must be different from the current one.': 'account.errors.same',
  'This account signs in with Microsoft and has no password to change.': 'account.errors.noPassword',
  'The name field is required.': 'account.errors.nameRequired',
  'The file is not a JPEG, PNG, WebP or GIF image.': 'account.errors.notImage',
  'The image is too large (more than 40 megapixels).': 'account.errors.tooManyPixels',
  'The picture must be at most 2 MB.': 'account.errors.tooLarge',
};

export function translateServerMessage(t: TFunction, message: string | undefined): string {
  if (!message) return t('account.errors.failed');
  const key = keys[message];
  return key ? t(key) : message;
}
