// Infostealer log folders: one folder per infected device, with a Passwords.txt of blocks
// (URL / Username or Login / Password, blocks separated by blank lines or ===/--- rules) and a
// system information file (System.txt, UserInformation.txt, information.txt…) giving the
// malware family, infection date, machine name, IP, country and OS.
import type { ParsedItem, SourceFile } from '../imports/import.types.js';
import { checkDate, linesOf, utcDate } from '../imports/import.types.js';

export interface StolenCredential {
  url: string;
  username: string;
  password: string;
  line: number;
}

export interface DeviceRecord {
  folder: string;
  machineName: string;
  malwareFamily: string;
  infectionDate: Date | null;
  hwid: string | null;
  ip: string | null;
  country: string | null;
  os: string | null;
  credentials: StolenCredential[];
}

const passwordFile = /(^|\/)(all )?passwords\.txt$/i;
const infoFile = /(^|\/)(system|userinformation|information|system_info|systeminfo|info)\.txt$/i;
const families = ['RedLine', 'Raccoon', 'Vidar', 'Lumma', 'StealC', 'RisePro', 'META', 'Aurora', 'Mystic', 'Atomic'];

function folderOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

function keyValue(text: string): [string, string] | undefined {
  const match = /^\s*([A-Za-z][A-Za-z _-]{0,40}?)\s*[:=]\s*(.*)$/.exec(text);
  if (!match) return undefined;
  return [(match[1] ?? '').toLowerCase().replace(/[\s_-]+/g, ''), (match[2] ?? '').trim()];
}

/** Reads a date as stealers write it (ISO, `dd.MM.yyyy HH:mm:ss`, `MM/dd/yyyy …`), unchecked. */
function readLogDate(value: string): Date | null {
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (dotted) {
    const [, d, m, y, hh = '0', mm = '0', ss = '0'] = dotted;
    return utcDate(Number(y), Number(m), Number(d), Number(hh), Number(mm), Number(ss));
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(value);
  if (slashed) {
    const [, m, d, y, hh = '0', mm = '0', ss = '0'] = slashed;
    return utcDate(Number(y), Number(m), Number(d), Number(hh), Number(mm), Number(ss));
  }
  return new Date(value);
}

/** A stealer's date, checked (1970 to 9999): the date or why its line is rejected. */
export function checkLogDate(value: string): { ok: true; date: Date } | { ok: false; reason: string } {
  return checkDate('Date', value, readLogDate(value));
}

/** A stealer's date, or null when it is not one (or out of range). */
export function parseLogDate(value: string): Date | null {
  const checked = checkLogDate(value);
  return checked.ok ? checked.date : null;
}

export type SystemInfo = Omit<DeviceRecord, 'folder' | 'credentials'> & {
  /** Lines refused (a date out of range): the device is kept without them. */
  rejects: { line: number; reason: string }[];
};

export function parseSystemInfo(text: string): SystemInfo {
  const info: SystemInfo = {
    rejects: [],
    machineName: '',
    malwareFamily: '',
    infectionDate: null,
    hwid: null,
    ip: null,
    country: null,
    os: null,
  };
  for (const { line, text: raw } of linesOf(text)) {
    const kv = keyValue(raw);
    if (!kv) {
      const family = families.find((f) => raw.toLowerCase().includes(f.toLowerCase()));
      if (family && !info.malwareFamily) info.malwareFamily = family;
      continue;
    }
    const [key, value] = kv;
    if (value === '') continue;
    if (['malware', 'stealer', 'family', 'malwarefamily', 'stealerfamily'].includes(key)) info.malwareFamily = value;
    else if (['machinename', 'computername', 'computer', 'pcname', 'machine', 'hostname'].includes(key))
      info.machineName = value;
    else if (['logdate', 'date', 'infectiondate', 'localtime', 'installdate'].includes(key)) {
      if (info.infectionDate) continue;
      const checked = checkLogDate(value);
      if (checked.ok) info.infectionDate = checked.date;
      else info.rejects.push({ line, reason: checked.reason });
    } else if (['hwid', 'machineid'].includes(key)) info.hwid = value;
    else if (['ip', 'ipaddress'].includes(key)) info.ip = value;
    else if (['country', 'location'].includes(key)) info.country = value;
    else if (['os', 'windows', 'operationsystem', 'operatingsystem', 'system'].includes(key)) info.os = value;
    else if (!info.malwareFamily) {
      const family = families.find((f) => value.toLowerCase().includes(f.toLowerCase()));
      if (family && key === 'build') info.malwareFamily = family;
    }
  }
  return info;
}

type Block = { start: number; url?: string; username?: string; password?: string };

/** The blocks of a Passwords.txt, each a credential or a reject with the block's first line. */
export function* parsePasswordsFile(
  file: SourceFile,
): Generator<{ ok: true; credential: StolenCredential } | { ok: false; line: number; reason: string }> {
  let block: Block | undefined;
  function* close(): Generator<
    { ok: true; credential: StolenCredential } | { ok: false; line: number; reason: string }
  > {
    const b = block;
    block = undefined;
    if (!b) return;
    if (!b.url && !b.username && !b.password) return;
    const missing = [!b.url && 'URL', !b.username && 'username', !b.password && 'password'].filter(Boolean);
    if (missing.length > 0 || !b.url || !b.username || !b.password) {
      yield { ok: false, line: b.start, reason: `Block without ${missing.join(', ')}.` };
      return;
    }
    yield { ok: true, credential: { url: b.url, username: b.username, password: b.password, line: b.start } };
  }
  for (const { line, text } of linesOf(file.text)) {
    const trimmed = text.trim();
    if (trimmed === '' || /^[=\-*_]{3,}/.test(trimmed)) {
      yield* close();
      continue;
    }
    const kv = keyValue(trimmed);
    if (!kv) continue;
    const [key, value] = kv;
    const target: keyof Block | undefined = ['url', 'host', 'hostname'].includes(key)
      ? 'url'
      : ['username', 'login', 'user', 'email'].includes(key)
        ? 'username'
        : ['password', 'pass'].includes(key)
          ? 'password'
          : undefined;
    if (!target) continue;
    // A second URL without a separator starts the next block.
    if (target === 'url' && block?.url) yield* close();
    block = block ?? { start: line };
    block[target] = value;
  }
  yield* close();
}

/** One record per device folder that has a Passwords.txt. */
export function* parseInfostealer(files: SourceFile[]): Generator<ParsedItem<DeviceRecord>> {
  const folders = new Map<string, { passwords: SourceFile[]; info?: SourceFile }>();
  for (const file of files) {
    const folder = folderOf(file.path);
    const entry = folders.get(folder) ?? { passwords: [] };
    if (passwordFile.test(file.path)) entry.passwords.push(file);
    else if (infoFile.test(file.path) && !entry.info) entry.info = file;
    folders.set(folder, entry);
  }
  const withPasswords = [...folders.entries()].filter(([, e]) => e.passwords.length > 0);
  if (withPasswords.length === 0) {
    yield {
      kind: 'reject',
      file: files[0]?.path ?? '',
      line: 0,
      reason: 'No Passwords.txt in the upload.',
      progress: 1,
    };
    return;
  }
  let done = 0;
  for (const [folder, entry] of withPasswords) {
    done += 1;
    const progress = done / withPasswords.length;
    const info = entry.info ? parseSystemInfo(entry.info.text) : undefined;
    for (const reject of info?.rejects ?? []) {
      yield { kind: 'reject', file: entry.info?.path ?? folder, line: reject.line, reason: reject.reason, progress };
    }
    const credentials: StolenCredential[] = [];
    for (const file of entry.passwords) {
      for (const item of parsePasswordsFile(file)) {
        if (item.ok) credentials.push(item.credential);
        else yield { kind: 'reject', file: file.path, line: item.line, reason: item.reason, progress };
      }
    }
    const name = folder.split('/').at(-1) ?? '';
    yield {
      kind: 'record',
      file: entry.passwords[0]?.path ?? folder,
      line: 0,
      progress,
      record: {
        folder,
        machineName: info?.machineName || name || 'unknown device',
        malwareFamily: info?.malwareFamily || 'Unknown',
        infectionDate: info?.infectionDate ?? null,
        hwid: info?.hwid ?? null,
        ip: info?.ip ?? null,
        country: info?.country ?? null,
        os: info?.os ?? null,
        credentials,
      },
    };
  }
}
