import { useCallback, useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';
/** What the user chose: a mode, or `system` (follow the device's prefers-color-scheme). */
export type ThemePreference = ColorMode | 'system';

/** Local storage key of the theme (spec §3, §9). */
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();
let current: ColorMode = readStoredColorMode();

function systemPrefersDark(): boolean {
  return globalThis.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** The stored choice; light unless 'dark' or 'system' is stored (or storage is blocked). */
export function readThemePreference(): ThemePreference {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return stored === 'dark' || stored === 'system' ? stored : 'light';
  } catch {
    return 'light';
  }
}

/** The mode the stored choice gives on this device. */
export function readStoredColorMode(): ColorMode {
  const preference = readThemePreference();
  if (preference === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return preference;
}

/** Stores a choice (from the account settings or the user's saved theme) and applies it. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // storage blocked: the theme still applies for this page
  }
  current = readStoredColorMode();
  if (preference === 'system') current = systemPrefersDark() ? 'dark' : 'light';
  applyColorMode(current);
  for (const listener of listeners) listener();
}

/** Puts the `dark`/`light` marker class on <html>; Chakra's `_dark` condition and the charts follow it. */
export function applyColorMode(mode: ColorMode, root: HTMLElement = document.documentElement): void {
  root.classList.remove(mode === 'dark' ? 'light' : 'dark');
  root.classList.add(mode);
  root.style.colorScheme = mode;
  // theme-init.js paints the background before the CSS arrives; the app's CSS takes over from here.
  root.style.removeProperty('background-color');
}

export function getColorMode(): ColorMode {
  return current;
}

export function setColorMode(mode: ColorMode): void {
  current = mode;
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // storage blocked: the theme still applies for this page
  }
  applyColorMode(mode);
  for (const listener of listeners) listener();
}

/** Re-reads storage (start-up and tests). */
export function initColorMode(): ColorMode {
  current = readStoredColorMode();
  applyColorMode(current);
  for (const listener of listeners) listener();
  return current;
}

export function subscribeColorMode(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void; toggle: () => void } {
  const colorMode = useSyncExternalStore(subscribeColorMode, getColorMode, getColorMode);
  const toggle = useCallback(() => setColorMode(getColorMode() === 'dark' ? 'light' : 'dark'), []);
  return { colorMode, setColorMode, toggle };
}
