import { ApiError } from '@vigil/api-client';
import type { TFunction } from 'i18next';

/** The server's refusals the screen names in the interface language; anything else is "failed". */
export function errorText(t: TFunction, error: unknown): string {
  const message = error instanceof ApiError ? (error.serverMessage ?? '') : '';
  if (message.startsWith('The last active administrator')) return t('members.errors.lastAdministrator');
  if (message.includes('already a member')) return t('members.errors.alreadyMember');
  if (message.includes('invitation to this address is open')) return t('members.errors.alreadyInvited');
  if (error instanceof ApiError && error.status === 403) return t('members.adminsOnlyText');
  return t('members.actions.failed');
}
