// nuclei results, one record each: template-id (2.x early: templateID), info.name, info.severity,
// info.classification (cve-id, cvss-score), the target (see nuclei-target), timestamp, and the
// evidence (see nuclei-evidence). How a file is read (JSON lines or an array) is nuclei-files.
import { checkDate, isRecord, jsonWithoutNul, text } from '../../platform/imports/import.types.js';
import { evidenceOf, field, MAX_RESULTS, NAME_CHARS, type NucleiEvidence } from './nuclei-evidence.js';
import { targetOf } from './nuclei-target.js';

export { EXCERPT_CHARS, type NucleiEvidence } from './nuclei-evidence.js';

const TEMPLATE_CHARS = 300;
const TITLE_CHARS = 500;

export interface NucleiRecord {
  templateId: string;
  /** The template's matcher that fired, when it names one: a finding of its own (nuclei's dedupe key). */
  matcherName: string | null;
  name: string;
  severity: (typeof severities)[number];
  host: string;
  matchedAt: string;
  cveId: string | null;
  cvssScore: number | null;
  timestamp: Date | null;
  /** Null when the line carries none (older exports, a re-scan without it keeps the stored one). */
  evidence: NucleiEvidence | null;
}

const severities = ['critical', 'high', 'medium', 'low', 'info'] as const;

function isSeverity(value: string): value is NucleiRecord['severity'] {
  return severities.some((s) => s === value);
}

export type NucleiOutcome =
  | { ok: true; record: NucleiRecord }
  /** `foreign`: not a nuclei result at all (no JSON object, no template id), as against a bad one. */
  | { ok: false; reason: string; foreign: boolean };

function cveIdsOf(classification: Record<string, unknown>): string[] {
  const cveRaw = classification['cve-id'];
  const cveList = Array.isArray(cveRaw) ? cveRaw : [cveRaw];
  const ids = cveList
    .map((c) => (typeof c === 'string' ? c.trim().toUpperCase() : ''))
    .filter((c) => /^CVE-\d{4}-\d{4,}$/.test(c));
  return [...new Set(ids)].slice(0, MAX_RESULTS);
}

function cvssOf(raw: unknown): number | null {
  const score = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : null;
  return score !== null && Number.isFinite(score) && score >= 0 && score <= 10 ? score : null;
}

export function nucleiOf(raw: unknown): NucleiOutcome {
  // A JSON escape (\u0000) brings back the NUL that reading the line removed.
  const value = jsonWithoutNul(raw);
  if (!isRecord(value)) return { ok: false, reason: 'Not a JSON object.', foreign: true };
  const templateId = text(value['template-id']) ?? text(value.templateID);
  if (!templateId) return { ok: false, reason: 'Missing template-id.', foreign: true };
  if (templateId.length > TEMPLATE_CHARS) {
    return { ok: false, reason: `template-id longer than ${TEMPLATE_CHARS} characters.`, foreign: false };
  }
  const bad = (reason: string): NucleiOutcome => ({ ok: false, reason: `${templateId}: ${reason}`, foreign: false });
  const info = isRecord(value.info) ? value.info : {};
  const severity = (text(info.severity) ?? '').toLowerCase();
  if (!isSeverity(severity)) return bad(`unknown severity "${severity.slice(0, 40)}".`);
  const target = targetOf(value);
  if (!target.ok) return bad(target.reason);
  const classification = isRecord(info.classification) ? info.classification : {};
  const cveIds = cveIdsOf(classification);
  const stamp = text(value.timestamp);
  let timestamp: Date | null = null;
  if (stamp) {
    const checked = checkDate('timestamp', stamp, new Date(stamp));
    if (!checked.ok) return bad(checked.reason);
    timestamp = checked.date;
  }
  const name = text(info.name) ?? templateId;
  return {
    ok: true,
    record: {
      templateId,
      matcherName: text(field(value, 'matcher-name'))?.slice(0, NAME_CHARS) ?? null,
      name: name.length > TITLE_CHARS ? `${name.slice(0, TITLE_CHARS)}…` : name,
      severity,
      ...target.target,
      cveId: cveIds[0] ?? null,
      cvssScore: cvssOf(classification['cvss-score'] ?? value['cvss-score']),
      timestamp,
      evidence: evidenceOf(value, cveIds),
    },
  };
}
