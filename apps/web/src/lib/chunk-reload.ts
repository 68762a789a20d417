import { CHUNK_RELOAD_FLAG } from '@/config/constants';

/** A screen chunk (or its CSS) that failed to load: usually a deploy replaced the hashed files. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * Reloads the page once per failure streak, guarded by a sessionStorage flag. Returns false when the
 * reload was already tried, so the caller shows the error page instead of looping.
 */
export function reloadOnceForChunkError(storage: Storage = sessionStorage, reload = () => location.reload()): boolean {
  try {
    if (storage.getItem(CHUNK_RELOAD_FLAG) === '1') return false;
    storage.setItem(CHUNK_RELOAD_FLAG, '1');
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Called once a screen rendered: the next chunk failure may reload again. */
export function clearChunkReloadFlag(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(CHUNK_RELOAD_FLAG);
  } catch {
    // storage blocked
  }
}
