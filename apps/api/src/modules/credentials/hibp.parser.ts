// Have I Been Pwned shapes: breach objects (/api/v3/breaches array, one /breach/{name}, or a copy
// of the list wrapped as { "data": [...] } with slug data classes, as Mozilla Monitor keeps it)
// and the domain search ({ "alias": ["BreachName", …] } for the searched domain).
import {
  checkDate,
  checkDay,
  isRecord,
  type ParsedItem,
  text,
  type Upload,
} from '../../platform/imports/import.types.js';
import { jsonElements } from '../../platform/imports/import-json.js';
import { canonicalDataClasses } from './hibp-data-classes.js';

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
  // A day (the API) or a timestamp at that day's midnight somewhere (Mozilla Monitor's copy).
  const given = text(value.BreachDate);
  if (given && !/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(given))
    return { ok: false, reason: `Bad BreachDate "${given.slice(0, 64)}".` };
  const breachDate = given?.slice(0, 10);
  const day = breachDate ? checkDay('BreachDate', breachDate) : undefined;
  if (day && !day.ok) return { ok: false, reason: `${name}: ${day.reason}` };
  const added = text(value.AddedDate);
  const addedAt = added ? checkDate('AddedDate', added, new Date(added)) : undefined;
  if (addedAt && !addedAt.ok) return { ok: false, reason: `${name}: ${addedAt.reason}` };
  const listed = Array.isArray(value.DataClasses) ? value.DataClasses.filter((c) => typeof c === 'string') : [];
  const classes = canonicalDataClasses(listed.slice(0, 500));
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

type Held = { key: string; value: unknown; line: number; progress: number };

/** Properties of a top-level object held before deciding what it is (a breach names itself early). */
const DECIDE_AFTER = 64;
const MAX_BREACH_FIELDS = 1000;
/** HIBP lists under 1,000 breaches today; a wrapped list is held whole (16 MiB at most, import-json). */
const MAX_WRAPPED_BREACHES = 50_000;

function* aliasItems(
  file: string,
  { key: alias, value: names, line, progress }: Held,
): Generator<ParsedItem<HibpRecord>> {
  if (!/^[^\s@:;|]{1,64}$/.test(alias)) {
    yield { kind: 'reject', file, line, reason: `Bad alias "${alias.slice(0, 64)}".`, progress };
    return;
  }
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string' || n === '')) {
    yield { kind: 'reject', file, line, reason: `Alias "${alias}" needs a list of breach names.`, progress };
    return;
  }
  for (const name of names as string[]) {
    yield {
      kind: 'record',
      record: { type: 'account', alias: alias.toLowerCase(), breach: name },
      file,
      line,
      progress,
    };
  }
}

function* wrappedBreaches(
  file: string,
  key: string,
  breaches: unknown[],
  progress: number,
): Generator<ParsedItem<HibpRecord>> {
  for (const [index, value] of breaches.slice(0, MAX_WRAPPED_BREACHES).entries()) {
    const b = breachOf(value);
    const line = index + 1;
    if (b.ok) yield { kind: 'record', record: b.record, file, line, progress };
    else yield { kind: 'reject', file, line, reason: `${key}[${index}]: ${b.reason}`, progress };
  }
  if (breaches.length > MAX_WRAPPED_BREACHES) {
    const reason = `More than ${MAX_WRAPPED_BREACHES} breaches under "${key}"; the rest were not read.`;
    yield { kind: 'reject', file, line: MAX_WRAPPED_BREACHES + 1, reason, progress };
  }
}

/**
 * A breach list (array), one breach (an object with a Name) or a domain search (alias → breach
 * names), read as a stream: one breach or alias at a time.
 */
export async function* parseHibp(upload: Upload): AsyncGenerator<ParsedItem<HibpRecord>> {
  for await (const file of upload.files()) {
    const reject = (reason: string): ParsedItem<HibpRecord> => ({
      kind: 'reject',
      file: file.path,
      line: 0,
      reason,
      progress: 1,
    });
    // The first properties of an object, until it shows whether it is one breach or a domain search.
    let held: Held[] | undefined = [];
    let breach = false;
    for await (const event of jsonElements(file, '$.*')) {
      if (event.kind === 'error') {
        yield reject(event.reason);
        break;
      }
      if (event.kind === 'end') {
        if (event.root !== 'array' && event.root !== 'object') {
          yield reject('Neither a breach list nor a domain search.');
        } else if (event.root === 'object' && held && breach) {
          const b = breachOf(Object.fromEntries(held.map((h) => [h.key, h.value])));
          yield b.ok
            ? { kind: 'record', record: b.record, file: file.path, line: 1, progress: 1 }
            : { kind: 'reject', file: file.path, line: 1, reason: b.reason, progress: 1 };
        } else if (event.root === 'object' && held) {
          for (const h of held) yield* aliasItems(file.path, h);
        }
        break;
      }
      const { key, value, progress } = event;
      const line = event.index + 1;
      if (typeof key === 'number') {
        const b = breachOf(value);
        if (b.ok) yield { kind: 'record', record: b.record, file: file.path, line, progress };
        else yield { kind: 'reject', file: file.path, line, reason: b.reason, progress };
        continue;
      }
      // A breach list wrapped in an object ({ "data": [ {…}, … ] }): its elements are the breaches.
      if (Array.isArray(value) && value.length > 0 && value.every(isRecord)) {
        yield* wrappedBreaches(file.path, key, value, progress);
        continue;
      }
      if (!held) {
        yield* aliasItems(file.path, { key, value, line, progress });
        continue;
      }
      held.push({ key, value, line, progress });
      breach ||= key === 'Name';
      if (breach && held.length > MAX_BREACH_FIELDS) {
        yield reject(`A breach object with more than ${MAX_BREACH_FIELDS} fields.`);
        break;
      }
      if (!breach && held.length >= DECIDE_AFTER) {
        for (const h of held) yield* aliasItems(file.path, h);
        held = undefined;
      }
    }
  }
}
