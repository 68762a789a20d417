// Combolist lines: `email:password`, `email;password`, `email|password`, the "ULP"
// `url:email:password` / `url|email|password` variants (the URL may hold `://`, a port and a
// path) and ULP lines whose login is no e-mail (`https://vpn.example/:jdoe:pass`). The password is
// everything after the separator that follows the login (passwords may contain separators).
import type { ParsedItem, Upload } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';

export interface ComboRecord {
  email: string;
  password: string;
  url: string | null;
}

const emailBeforeSeparator = /(?<=^|[:;| ])([^\s:;|@/]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})[:;|]/g;
const MAX_LINE = 2048;

/**
 * A "ULP" line whose login is no e-mail: `https://host[:port]/path:login:password` (or with |
 * or ;), the URL with a scheme or a path, so `user:pass` is never read as a site. The login is
 * then kept when the site is the company's (combolist.ingest).
 */
function urlLoginPassword(text: string): ComboRecord | undefined {
  const match =
    /^((?:[a-z][a-z0-9+.-]*:\/\/[^\s/:;|]+|[a-z0-9-]+(?:\.[a-z0-9-]+)+(?=[:\d]*\/))(?::\d{1,5})?(?:\/[^\s:;|]*)?)([:;|])([^\s:;|]+)\2(.+)$/i.exec(
      text,
    );
  if (!match) return undefined;
  const [, url = '', , login = '', password = ''] = match;
  return { email: login.toLowerCase(), password, url };
}

/**
 * The e-mail is the first address that starts the line or follows a separator and is itself
 * followed by one; what precedes it is the URL, what follows its separator the password.
 */
export function parseComboLine(text: string): { ok: true; record: ComboRecord } | { ok: false; reason: string } {
  if (text.length > MAX_LINE) return { ok: false, reason: `Line longer than ${MAX_LINE} characters.` };
  if (text.includes('\u0000')) return { ok: false, reason: 'Binary data (a NUL byte) in the line.' };
  emailBeforeSeparator.lastIndex = 0;
  const match = emailBeforeSeparator.exec(text);
  if (!match) {
    const ulp = urlLoginPassword(text);
    if (ulp) return { ok: true, record: ulp };
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
      return { ok: false, reason: 'A site and a login but no password (url:login:password).' };
    if (/^[^\s:;|]+[:;|]\S/.test(text) && !text.includes('@'))
      return { ok: false, reason: 'A login without an e-mail address needs its site first (url:login:password).' };
    return text.includes('@')
      ? { ok: false, reason: 'No e-mail followed by a separator (:, ; or |) and a password.' }
      : { ok: false, reason: 'No e-mail address.' };
  }
  const email = match[1] ?? '';
  const password = text.slice(match.index + match[0].length);
  const url = match.index > 0 ? text.slice(0, match.index - 1).trim() : '';
  if (password === '') return { ok: false, reason: 'Empty password.' };
  return { ok: true, record: { email: email.toLowerCase(), password, url: url === '' ? null : url } };
}

export async function* parseCombolist(upload: Upload): AsyncGenerator<ParsedItem<ComboRecord>> {
  for await (const file of upload.files()) {
    for await (const read of linesOf(file)) {
      const { line: number, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line: number, reason: read.reason, progress };
        continue;
      }
      const trimmed = read.text.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      const parsed = parseComboLine(trimmed);
      if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line: number, progress };
      else yield { kind: 'reject', file: file.path, line: number, reason: parsed.reason, progress };
    }
  }
}
