// Have I Been Pwned shapes: breach objects (/api/v3/breaches array or one /breach/{name}) and
// the domain search ({ "alias": ["BreachName", …] } for the searched domain).
import {
  checkDate,
  checkDay,
  isRecord,
  type ParsedItem,
  parseJson,
  type SourceFile,
  text,
} from '../imports/import.types.js';

export interface BreachRecord {
  type: 'breach';
  name: string;
  title: string;
  domain: string | null;
  breachDate: string | null;
  addedAt: Date | null;
  pwnCount: number | null;
  dataClasses: string[];
  isVerified: boolean;
  isSensitive: boolean;
  description: string | null;
}

export interface AccountRecord {
  type: 'account';
  alias: string;
  breach: string;
}

export type HibpRecord = BreachRecord | AccountRecord;

function breachOf(value: unknown): { ok: true; record: BreachRecord } | { ok: false; reason: string } {
  if (!isRecord(value)) return { ok: false, reason: 'A breach must be an object.' };
  const name = text(value.Name);
  if (!name) return { ok: false, reason: 'Breach without Name.' };
  const breachDate = text(value.BreachDate);
  if (breachDate && !/^\d{4}-\d{2}-\d{2}$/.test(breachDate))
    return { ok: false, reason: `Bad BreachDate "${breachDate}".` };
  const day = breachDate ? checkDay('BreachDate', breachDate) : undefined;
  if (day && !day.ok) return { ok: false, reason: `${name}: ${day.reason}` };
  const added = text(value.AddedDate);
  const addedAt = added ? checkDate('AddedDate', added, new Date(added)) : undefined;
  if (addedAt && !addedAt.ok) return { ok: false, reason: `${name}: ${addedAt.reason}` };
  const classes = Array.isArray(value.DataClasses) ? value.DataClasses.filter((c) => typeof c === 'string') : [];
  return {
    ok: true,
    record: {
      type: 'breach',
      name,
      title: text(value.Title) ?? name,
      domain: text(value.Domain) ?? null,
      breachDate: breachDate ?? null,
      addedAt: addedAt?.date ?? null,
      pwnCount: typeof value.PwnCount === 'number' ? value.PwnCount : null,
      dataClasses: classes,
      isVerified: value.IsVerified === true,
      isSensitive: value.IsSensitive === true,
      description: text(value.Description) ?? null,
    },
  };
}

export function* parseHibp(files: SourceFile[]): Generator<ParsedItem<HibpRecord>> {
  for (const file of files) {
    const parsed = parseJson(file.text);
    if (!parsed.ok) {
      yield { kind: 'reject', file: file.path, line: 0, reason: parsed.reason, progress: 1 };
      continue;
    }
    const value = parsed.value;
    const breaches = Array.isArray(value) ? value : isRecord(value) && 'Name' in value ? [value] : undefined;
    if (breaches) {
      for (const [i, item] of breaches.entries()) {
        const b = breachOf(item);
        const progress = (i + 1) / breaches.length;
        if (b.ok) yield { kind: 'record', record: b.record, file: file.path, line: i + 1, progress };
        else yield { kind: 'reject', file: file.path, line: i + 1, reason: b.reason, progress };
      }
      continue;
    }
    if (!isRecord(value)) {
      yield {
        kind: 'reject',
        file: file.path,
        line: 0,
        reason: 'Neither a breach list nor a domain search.',
        progress: 1,
      };
      continue;
    }
    const entries = Object.entries(value);
    for (const [i, [alias, names]] of entries.entries()) {
      const progress = (i + 1) / entries.length;
      if (!/^[^\s@:;|]{1,64}$/.test(alias)) {
        yield { kind: 'reject', file: file.path, line: i + 1, reason: `Bad alias "${alias.slice(0, 64)}".`, progress };
        continue;
      }
      if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string' || n === '')) {
        yield {
          kind: 'reject',
          file: file.path,
          line: i + 1,
          reason: `Alias "${alias}" needs a list of breach names.`,
          progress,
        };
        continue;
      }
      for (const name of names as string[]) {
        yield {
          kind: 'record',
          record: { type: 'account', alias: alias.toLowerCase(), breach: name },
          file: file.path,
          line: i + 1,
          progress,
        };
      }
    }
  }
}
