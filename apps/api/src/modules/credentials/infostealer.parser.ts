// Infostealer log folders: one folder per infected device, with a Passwords.txt of blocks
// (URL / Username or Login / Password, blocks separated by blank lines or ===/--- rules) and a
// system information file (System.txt, UserInformation.txt, information.txt…) giving the
// malware family, infection date, machine name, IP, country and OS.
import type { ParsedItem, SourceFile, Upload } from '../../platform/imports/import.types.js';
import { checkDate, utcDate } from '../../platform/imports/import.types.js';
import { linesOf } from '../../platform/imports/import-lines.js';
import { keyValue, parsePasswordsFile, type StolenCredential } from './stealer-passwords.parser.js';

export type { StolenCredential } from './stealer-passwords.parser.js';

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
  // `2026-03-05 07:30:00` has no zone: read as UTC like the other forms, not as the server's time.
  const spaced = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (spaced) {
    const [, y, m, d, hh = '0', mm = '0', ss = '0'] = spaced;
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

export async function parseSystemInfo(file: SourceFile): Promise<SystemInfo> {
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
  for await (const { line, text: raw } of linesOf(file)) {
    if (raw === null) continue;
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
    else if (['logdate', 'date', 'infectiondate', 'localtime', 'installdate', 'lastseen'].includes(key)) {
      if (info.infectionDate) continue;
      const checked = checkLogDate(value);
      if (checked.ok) info.infectionDate = checked.date;
      else info.rejects.push({ line, reason: checked.reason });
    } else if (['hwid', 'machineid'].includes(key)) info.hwid = value;
    else if (['ip', 'ipaddress', 'lanip'].includes(key)) info.ip ??= value;
    else if (['country', 'countrycode'].includes(key)) info.country = value;
    else if (key === 'location') info.country ??= value;
    else if (['os', 'windows', 'operationsystem', 'operatingsystem', 'system'].includes(key)) info.os = value;
    else if (!info.malwareFamily) {
      const family = families.find((f) => value.toLowerCase().includes(f.toLowerCase()));
      if (family && key === 'build') info.malwareFamily = family;
    }
  }
  return info;
}

/** Credentials kept for one device; a log with more is cut there (with a reject saying so). */
export const MAX_DEVICE_CREDENTIALS = 100_000;

type Folder = { info?: SystemInfo & { path: string }; passwords: number };

/**
 * One record per device folder that has a Passwords.txt, reading the upload twice as a stream:
 * first each folder's system information and how many password files it has, then the password
 * files, a device being complete (and handed over) after its last one. Memory holds the
 * credentials of the devices being read, never the archive.
 */
export async function* parseInfostealer(upload: Upload): AsyncGenerator<ParsedItem<DeviceRecord>> {
  const folders = new Map<string, Folder>();
  let first = '';
  for await (const file of upload.files()) {
    first ||= file.path;
    const folder = folderOf(file.path);
    const entry = folders.get(folder) ?? { passwords: 0 };
    if (passwordFile.test(file.path)) entry.passwords += 1;
    else if (infoFile.test(file.path) && !entry.info)
      entry.info = { path: file.path, ...(await parseSystemInfo(file)) };
    folders.set(folder, entry);
  }
  if (![...folders.values()].some((f) => f.passwords > 0)) {
    yield { kind: 'reject', file: first, line: 0, reason: 'No Passwords.txt in the upload.', progress: 1 };
    return;
  }
  const reading = new Map<string, { credentials: StolenCredential[]; files: string[]; left: number; cut: boolean }>();
  for await (const file of upload.files()) {
    if (!passwordFile.test(file.path)) continue;
    const folder = folderOf(file.path);
    const entry = folders.get(folder) ?? { passwords: 1 };
    const device = reading.get(folder) ?? { credentials: [], files: [], left: entry.passwords, cut: false };
    reading.set(folder, device);
    device.files.push(file.path);
    let progress = 0;
    for await (const item of parsePasswordsFile(file)) {
      progress = item.progress;
      if (!item.ok) yield { kind: 'reject', file: file.path, line: item.line, reason: item.reason, progress };
      else if (device.credentials.length < MAX_DEVICE_CREDENTIALS) device.credentials.push(item.credential);
      else if (!device.cut) {
        device.cut = true;
        const reason = `More than ${MAX_DEVICE_CREDENTIALS} credentials for one device; the rest were not kept.`;
        yield { kind: 'reject', file: file.path, line: item.credential.line, reason, progress };
      }
    }
    device.left -= 1;
    if (device.left > 0) continue;
    reading.delete(folder);
    const info = entry.info;
    for (const reject of info?.rejects ?? []) {
      yield { kind: 'reject', file: info?.path ?? folder, line: reject.line, reason: reject.reason, progress };
    }
    const name = folder.split('/').at(-1) ?? '';
    yield {
      kind: 'record',
      file: device.files[0] ?? folder,
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
        credentials: device.credentials,
      },
    };
  }
}
