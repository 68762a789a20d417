/**
 * The text as an http(s) URL, or null for any other scheme (javascript:, data:, file:…) or no URL.
 * Data from outside (stealer logs, redirects) becomes a link or a navigation only through this.
 * @example httpUrl('https://acme.test/login')?.href // 'https://acme.test/login'; httpUrl('data:,x') // null
 */
export function httpUrl(text: string, base?: string): URL | null {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}
