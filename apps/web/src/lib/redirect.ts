/** Query parameter of the sign-in page naming where to go after sign-in (spec §2). */
export const REDIRECT_PARAM = 'redirect';

/**
 * A redirect target is honoured only when it is a same-origin relative path ('/…', not '//…' or
 * '/\…', no scheme, no control characters) and not a sign-in step itself; anything else is refused
 * so the sign-in page can never be used as an open redirect.
 */
export function safeRedirectTarget(
  value: string | null | undefined,
  origin = globalThis.location?.origin,
): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = origin ?? 'http://localhost';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin) return null;
  if (url.pathname === '/signin') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/signin?redirect=<current location>` for the guard. */
export function signinPathFor(location: { pathname: string; search?: string; hash?: string }): string {
  const target = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (target === '/' || safeRedirectTarget(target, 'http://localhost') === null) return '/signin';
  return `/signin?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
