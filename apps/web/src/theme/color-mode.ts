import { useCallback, useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';

/** Local storage key of the theme (spec §3, §9). */
export const THEME_STORAGE_KEY = 'theme';

const listeners = new Set<() => void>();
let current: ColorMode = readStoredColorMode();

/** The stored theme; light unless 'dark' is stored (or storage is blocked). */
export function readStoredColorMode(): ColorMode {
  try {
    return globalThis.localStorage?.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
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
