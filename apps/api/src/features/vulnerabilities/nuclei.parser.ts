// nuclei JSONL (`nuclei -jsonl`): one result per line with template-id, info.name,
// info.severity, info.classification (cve-id, cvss-score), host, matched-at and timestamp, and
// the evidence: matcher-name, extractor-name, extracted-results, type, ip, request and response.
import { checkDate, isRecord, jsonWithoutNul, type ParsedItem, text, type Upload } from '../imports/import.types.js';
import { linesOf } from '../imports/import-lines.js';

/** What the scanner saw, kept with the finding for the analyst (bounded: see the caps below). */
export interface NucleiEvidence {
  cve_ids: string[];
  matcher_name: string | null;
  extractor_name: string | null;
  extracted_results: string[];
  scanner_type: string | null;
  ip: string | null;
  request: string | null;
  response: string | null;
}

/** An excerpt of a request or response: its first characters (a finding's row stays small). */
export const EXCERPT_CHARS = 4000;
const MAX_RESULTS = 20;
const RESULT_CHARS = 500;
const NAME_CHARS = 200;

export interface NucleiRecord {
  templateId: string;
  name: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  host: string;
  matchedAt: string;
  cveId: string | null;
  cvssScore: number | null;
  timestamp: Date | null;
  /** Null when the line carries none (older exports, a re-scan without it keeps the stored one). */
  evidence: NucleiEvidence | null;
}

/** The first `chars` characters of a text (never half of a surrogate pair); null when empty. */
function excerpt(value: unknown, chars: number): string | null {
  const whole = text(value);
  if (!whole) return null;
  if (whole.length <= chars) return whole;
  const cut = whole.slice(0, chars);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

function evidenceOf(value: Record<string, unknown>, cveIds: string[]): NucleiEvidence | null {
  const results = Array.isArray(value['extracted-results']) ? value['extracted-results'] : [];
  const evidence: NucleiEvidence = {
    cve_ids: cveIds,
    matcher_name: excerpt(value['matcher-name'], NAME_CHARS),
    extractor_name: excerpt(value['extractor-name'], NAME_CHARS),
    extracted_results: results.flatMap((r) => excerpt(r, RESULT_CHARS) ?? []).slice(0, MAX_RESULTS),
    scanner_type: excerpt(value.type, NAME_CHARS),
    ip: excerpt(value.ip, NAME_CHARS),
    request: excerpt(value.request, EXCERPT_CHARS),
    response: excerpt(value.response, EXCERPT_CHARS),
  };
  const { cve_ids, extracted_results, ...single } = evidence;
  const empty = cve_ids.length <= 1 && extracted_results.length === 0 && Object.values(single).every((v) => v === null);
  return empty ? null : evidence;
}

const severities = new Set(['critical', 'high', 'medium', 'low', 'info']);

export function nucleiOf(raw: unknown): { ok: true; record: NucleiRecord } | { ok: false; reason: string } {
  // A JSON escape (\u0000) brings back the NUL that reading the line removed.
  const value = jsonWithoutNul(raw);
  if (!isRecord(value)) return { ok: false, reason: 'Line is not a JSON object.' };
  const templateId = text(value['template-id']) ?? text(value.templateID);
  if (!templateId) return { ok: false, reason: 'Missing template-id.' };
  const info = isRecord(value.info) ? value.info : {};
  const severity = (text(info.severity) ?? '').toLowerCase();
  if (!severities.has(severity)) return { ok: false, reason: `${templateId}: unknown severity "${severity}".` };
  const host = text(value.host);
  if (!host) return { ok: false, reason: `${templateId}: missing host.` };
  const matchedAt = text(value['matched-at']) ?? text(value.matched) ?? host;
  const classification = isRecord(info.classification) ? info.classification : {};
  const cveRaw = classification['cve-id'];
  const cveList = Array.isArray(cveRaw) ? cveRaw : [cveRaw];
  const cveIds = [
    ...new Set(
      cveList
        .map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : ''))
        .filter((c) => /^CVE-\d{4}-\d{4,}$/.test(c)),
    ),
  ].slice(0, MAX_RESULTS);
  const cveId = cveIds[0] ?? null;
  const cvssRaw = classification['cvss-score'] ?? value['cvss-score'];
  const cvssScore =
    typeof cvssRaw === 'number' ? cvssRaw : typeof cvssRaw === 'string' && cvssRaw !== '' ? Number(cvssRaw) : null;
  const stamp = text(value.timestamp);
  let timestamp: Date | null = null;
  if (stamp) {
    const checked = checkDate('timestamp', stamp, new Date(stamp));
    if (!checked.ok) return { ok: false, reason: `${templateId}: ${checked.reason}` };
    timestamp = checked.date;
  }
  return {
    ok: true,
    record: {
      templateId,
      name: text(info.name) ?? templateId,
      severity: severity as NucleiRecord['severity'],
      host,
      matchedAt,
      cveId,
      cvssScore:
        cvssScore !== null && Number.isFinite(cvssScore) && cvssScore >= 0 && cvssScore <= 10 ? cvssScore : null,
      timestamp,
      evidence: evidenceOf(value, cveIds),
    },
  };
}

export async function* parseNuclei(upload: Upload): AsyncGenerator<ParsedItem<NucleiRecord>> {
  for await (const file of upload.files()) {
    for await (const read of linesOf(file)) {
      const { line, progress } = read;
      if (read.text === null) {
        yield { kind: 'reject', file: file.path, line, reason: read.reason, progress };
        continue;
      }
      const trimmed = read.text.trim();
      if (trimmed === '') continue;
      let value: unknown;
      try {
        value = JSON.parse(trimmed);
      } catch {
        yield { kind: 'reject', file: file.path, line, reason: 'Not valid JSON.', progress };
        continue;
      }
      const parsed = nucleiOf(value);
      if (parsed.ok) yield { kind: 'record', record: parsed.record, file: file.path, line, progress };
      else yield { kind: 'reject', file: file.path, line, reason: parsed.reason, progress };
    }
  }
}
