import { useAuthSelector } from '../auth-actor';

/**
 * Whether the machine is still reading the stored session at start-up. It ignores events until
 * then, so a screen that sends one as it opens (a link from an e-mail) waits for this to be false.
 */
export function useBooting(): boolean {
  return useAuthSelector((s) => s.matches('booting'));
}
