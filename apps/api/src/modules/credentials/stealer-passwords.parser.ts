// A stealer log's Passwords.txt: blocks of `Label: value` lines separated by blank lines or
// ===/--- rules, with the label grammar public parsers document (lexfo/stealer-parser's
// docs/grammar_passwords.txt; anhnmt/go-infostealer-parser): RedLine/META/Lumma `URL/Username/
// Password`, Vidar `Soft/Host/Login/Password`, Raccoon `URL/USER/PASS`, StealC `browser/profile/
// url/login/password`, `USER LOGIN/USER PASSWORD`, and the obfuscated `UR1/U53RN4M3/P455W0RD`.
import type { SourceFile } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';

/** `Label: value`, the label lower-cased without blanks (digits allowed: `UR1`, `P455W0RD`). */
export function keyValue(text: string): [string, string] | undefined {
  const match = /^\s*([A-Za-z][A-Za-z0-9 _-]{0,40}?)\s*[:=]\s*(.*)$/.exec(text);
  if (!match) return undefined;
  return [(match[1] ?? '').toLowerCase().replace(/[\s_-]+/g, ''), (match[2] ?? '').trim()];
}

export interface StolenCredential {
  url: string;
  username: string;
  password: string;
  line: number;
}

type Field = 'url' | 'username' | 'password';

/** Labels (lower-cased, blanks removed) of the three fields. */
const fieldOf = new Map<string, Field>([
  ...['url', 'ur1', 'host', 'hostname'].map((l): [string, Field] => [l, 'url']),
  ...['username', 'login', 'user', 'userlogin', 'u53rn4m3', 'email'].map((l): [string, Field] => [l, 'username']),
  ...['password', 'pass', 'userpassword', 'p455w0rd'].map((l): [string, Field] => [l, 'password']),
]);

/** Labels of the software a block came from (kept out of the record, part of the block). */
const softwareLabels = new Set(['soft', 'browser', 'application', 'storage', 'profile']);
/** The seller's header lines (lexfo's seller_block): not a credential, not a block. */
const sellerLabels = new Set(['seller', 'logtools', 'freelogs', 'telegram']);
/** `["Chrome" = "Profile 1"]`: the software line some families write without a label. */
const softwareLine = /^\["[^"]+"\s*=\s*"[^"]*"\]$/;

export const ACCEPTED_LABELS =
  'URL/Host/Hostname/UR1, Username/Login/USER/USER LOGIN/U53RN4M3 and Password/PASS/USER PASSWORD/P455W0RD';

type Block = { start: number; url?: string; username?: string; password?: string; unknown: string[] };

export type PasswordItem =
  | { ok: true; credential: StolenCredential; progress: number }
  | { ok: false; line: number; reason: string; progress: number };

function closed(b: Block, progress: number): PasswordItem {
  if (!b.url && !b.username && !b.password && b.unknown.length > 0) {
    const labels = b.unknown.slice(0, 5).map((l) => `"${l}"`);
    return {
      ok: false,
      line: b.start,
      reason: `A block with no URL, username or password label (read ${labels.join(', ')}); the labels read are ${ACCEPTED_LABELS}.`,
      progress,
    };
  }
  if (!b.url || !b.username || !b.password) {
    const missing = [!b.url && 'URL', !b.username && 'username', !b.password && 'password'].filter(Boolean);
    return { ok: false, line: b.start, reason: `Block without ${missing.join(', ')}.`, progress };
  }
  return { ok: true, credential: { url: b.url, username: b.username, password: b.password, line: b.start }, progress };
}

/**
 * The blocks of a Passwords.txt, each a credential or a reject with the block's first line. A
 * block is any run of labelled lines; text without a label (the stealer's banner, ASCII art)
 * and the seller's header lines are no block. A block never ends unread.
 */
export async function* parsePasswordsFile(file: SourceFile): AsyncGenerator<PasswordItem> {
  let block: Block | undefined;
  let progress = 0;
  function* close(): Generator<PasswordItem> {
    const b = block;
    block = undefined;
    if (b) yield closed(b, progress);
  }
  for await (const read of linesOf(file)) {
    const { line } = read;
    progress = read.progress;
    if (read.text === null) {
      yield { ok: false, line, reason: read.reason, progress };
      continue;
    }
    const trimmed = read.text.trim();
    if (trimmed === '' || /^[=\-*_]{3,}/.test(trimmed)) {
      yield* close();
      continue;
    }
    if (softwareLine.test(trimmed)) {
      // A software line after a complete credential starts the next block.
      if (block?.password) yield* close();
      block = block ?? { start: line, unknown: [] };
      continue;
    }
    const kv = keyValue(trimmed);
    if (!kv) continue;
    const [key, value] = kv;
    if (sellerLabels.has(key) && !block) continue;
    const field = fieldOf.get(key);
    if (!field) {
      if (!softwareLabels.has(key)) {
        block = block ?? { start: line, unknown: [] };
        block.unknown.push(trimmed.slice(0, trimmed.search(/[:=]/)).trim());
      } else if (block?.password && key !== 'application' && key !== 'profile') {
        // Vidar and StealC name the software first; RedLine's Application follows the password.
        yield* close();
        block = { start: line, unknown: [] };
      } else block = block ?? { start: line, unknown: [] };
      continue;
    }
    // A field given twice (a second URL, login or password without a separator) starts the next block.
    if (block?.[field] !== undefined) yield* close();
    block = block ?? { start: line, unknown: [] };
    block[field] = value;
  }
  yield* close();
}
