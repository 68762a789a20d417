// What the account pages change that the rest of the signed-in app shows: the header's picture,
// and the theme saved on the account. The auth machine keeps the user it received at sign-in;
// these small stores carry the later changes without a call of their own.
import { useEffect, useSyncExternalStore } from 'react';
import { setThemePreference, type ThemePreference } from '@/theme/color-mode';

const PICTURE_KEY = 'vigil.account.picture';
const THEME_APPLIED_KEY = 'vigil.account.themeApplied';

interface PictureOverride {
  userId: number;
  picture: string | null;
}

const listeners = new Set<() => void>();
let override: PictureOverride | null = readOverride();

function readOverride(): PictureOverride | null {
  try {
    return JSON.parse(globalThis.sessionStorage?.getItem(PICTURE_KEY) ?? 'null') as PictureOverride | null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called after an upload or removal: the header shows the new picture at once, and after a reload. */
export function rememberPicture(userId: number, picture: string | null): void {
  override = { userId, picture };
  try {
    globalThis.sessionStorage?.setItem(PICTURE_KEY, JSON.stringify(override));
  } catch {
    // storage blocked: this page still shows it
  }
  for (const listener of listeners) listener();
}

/** The signed-in user's picture URL: the latest change made here, else the sign-in answer's. */
export function useAccountPicture(user: { id: number; picture: string | null } | null): string | null {
  const current = useSyncExternalStore(subscribe, () => override);
  if (!user) return null;
  return current?.userId === user.id ? current.picture : user.picture;
}

const isPreference = (value: unknown): value is ThemePreference =>
  value === 'light' || value === 'dark' || value === 'system';

/**
 * Applies the theme saved on the account once per sign-in (so it follows the user to a new
 * device); later choices on this device (the header toggle, the settings) are not overridden.
 * Signing out forgets both marks.
 */
export function useAccountSync(user: { id: number; theme: string | null } | null): void {
  const userId = user?.id;
  const theme = user?.theme;
  useEffect(() => {
    if (userId === undefined || !isPreference(theme)) return;
    try {
      if (globalThis.sessionStorage?.getItem(THEME_APPLIED_KEY) === String(userId)) return;
      globalThis.sessionStorage?.setItem(THEME_APPLIED_KEY, String(userId));
    } catch {
      // storage blocked: apply it every time
    }
    setThemePreference(theme);
  }, [userId, theme]);
  useEffect(
    () => () => {
      try {
        globalThis.sessionStorage?.removeItem(THEME_APPLIED_KEY);
        globalThis.sessionStorage?.removeItem(PICTURE_KEY);
      } catch {
        // nothing kept
      }
      override = null;
    },
    [],
  );
}
