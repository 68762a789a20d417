// nuclei JSONL (`nuclei -jsonl`): one result per line with template-id, info.name,
// info.severity, info.classification (cve-id, cvss-score), host, matched-at and timestamp.
import { checkDate, isRecord, type ParsedItem, text, type Upload } from '../imports/import.types.js';
import { linesOf } from '../imports/import-lines.js';

export interface NucleiRecord {
  templateId: string;
  name: string;
  severity: 'critical' | 'high' | 'medium' | 'low' | 'info';
  host: string;
  matchedAt: string;
  cveId: string | null;
  cvssScore: number | null;
  timestamp: Date | null;
}

const severities = new Set(['critical', 'high', 'medium', 'low', 'info']);

export function nucleiOf(value: unknown): { ok: true; record: NucleiRecord } | { ok: false; reason: string } {
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
  const cveId =
    cveList.map((c) => (typeof c === 'string' ? c.toUpperCase() : '')).find((c) => /^CVE-\d{4}-\d{4,}$/.test(c)) ??
    null;
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
