/** Reads one cookie from a `document.cookie`-style string; undefined when absent. */
export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

/** The browser's cookies, or an empty string outside a browser. */
export function documentCookies(): string {
  const doc = (globalThis as { document?: { cookie?: string } }).document;
  return doc?.cookie ?? '';
}
