// A mention's severity: where it was posted × what it names (ADR 0030). A ransomware leak site
// naming the company is an incident already under way; a marketplace selling its cards or access
// comes next; forums, Telegram channels and paste sites are chatter until they name something
// that can be used (card BINs, address ranges). A mention takes its most severe keyword's.
import { type Severity, severities } from '../../platform/findings/findings.table.js';
import type { KeywordClass, MentionSourceType } from './mentions.table.js';

type Row = Readonly<Record<KeywordClass, Severity>>;

export const severityTable: Readonly<Record<MentionSourceType, Row>> = {
  ransomware_leak_site: {
    card_bin: 'critical',
    ip_range: 'critical',
    domain: 'critical',
    executive: 'critical',
    brand: 'high',
    other: 'high',
  },
  marketplace: {
    card_bin: 'critical',
    ip_range: 'high',
    domain: 'high',
    executive: 'high',
    brand: 'medium',
    other: 'medium',
  },
  forum: { card_bin: 'high', ip_range: 'high', domain: 'medium', executive: 'medium', brand: 'low', other: 'low' },
  telegram: { card_bin: 'high', ip_range: 'high', domain: 'medium', executive: 'medium', brand: 'low', other: 'low' },
  paste_site: {
    card_bin: 'high',
    ip_range: 'medium',
    domain: 'medium',
    executive: 'medium',
    brand: 'low',
    other: 'low',
  },
  other: { card_bin: 'medium', ip_range: 'medium', domain: 'low', executive: 'low', brand: 'low', other: 'info' },
};

/** The most severe of the matched classes' severities on this source type (info with none). */
export function mentionSeverity(sourceType: MentionSourceType, classes: readonly KeywordClass[]): Severity {
  const row = severityTable[sourceType];
  return severities.find((s) => classes.some((c) => row[c] === s)) ?? 'info';
}
