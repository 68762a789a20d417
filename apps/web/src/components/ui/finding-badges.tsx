import { Badge } from '@chakra-ui/react';
import type { Schemas } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';

type Severity = Schemas['Severity'];
type Status = Schemas['FindingStatus'];

const severityPalette: Record<Severity, string> = {
  critical: 'red',
  high: 'orange',
  medium: 'yellow',
  low: 'blue',
  info: 'gray',
};

const statusPalette: Record<Status, string> = {
  new: 'purple',
  in_review: 'blue',
  confirmed: 'red',
  false_positive: 'gray',
  risk_accepted: 'yellow',
  resolved: 'green',
};

export const SEVERITIES: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
export const STATUSES: Status[] = ['new', 'in_review', 'confirmed', 'false_positive', 'risk_accepted', 'resolved'];

/**
 * A finding's severity, coloured from critical (red) to info (grey). The surface variant sets each
 * palette's text colour on its subtle background, which keeps WCAG AA contrast in both themes (white
 * text on the solid orange of `high` did not).
 */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={severityPalette[severity]} variant="surface" size="sm">
      {t(`findings.severity.${severity}`)}
    </Badge>
  );
}

/** A finding's place in the triage workflow. */
export function StatusBadge({ status }: { status: Status }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={statusPalette[status]} variant="subtle" size="sm">
      {t(`findings.status.${status}`)}
    </Badge>
  );
}

/** Marks data loaded by the demo generator (the API flags it), never mistaken for a real leak. */
export function DemoBadge() {
  const { t } = useTranslation();
  return (
    <Badge colorPalette="teal" variant="outline" size="md" data-testid="demo-badge">
      {t('findings.demoData')}
    </Badge>
  );
}

/** CISA Known Exploited Vulnerability, with its remediation due date. */
export function KevBadge({ dueDate, ransomware }: { dueDate?: string | null; ransomware?: string | null }) {
  const { t } = useTranslation();
  const label = dueDate ? t('findings.kevDue', { date: dueDate }) : t('findings.kev');
  return (
    <Badge
      colorPalette="red"
      variant="outline"
      size="sm"
      title={ransomware === 'Known' ? t('findings.ransomware') : undefined}
    >
      {label}
      {ransomware === 'Known' ? ` · ${t('findings.ransomwareShort')}` : ''}
    </Badge>
  );
}
