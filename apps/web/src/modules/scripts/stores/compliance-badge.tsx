import { Badge, chakra } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ComplianceReason, ComplianceStatus } from './stores-api';

const palette: Record<ComplianceStatus, string> = { pass: 'green', fail: 'red', unknown: 'gray' };

/**
 * A PCI DSS requirement's status (pass, fail, not assessable yet). With `requirement` (`6.4.3`,
 * `11.6.1`) the badge names it, so a row of two badges reads on its own.
 */
export function ComplianceBadge({ status, requirement }: { status: ComplianceStatus; requirement?: string }) {
  const { t } = useTranslation();
  const text = t(`scripts.compliance.status.${status}`);
  return (
    <Badge colorPalette={palette[status]} variant="surface" size="sm" data-status={status}>
      {requirement ? t('scripts.compliance.requirement', { requirement, status: text }) : text}
    </Badge>
  );
}

/** Why a requirement does not pass, one line per reason (nothing when it passes). */
export function ComplianceReasons({ reasons }: { reasons: ComplianceReason[] }) {
  const { t } = useTranslation();
  if (reasons.length === 0) return null;
  return (
    <chakra.ul m="0" ps="4" fontSize="sm" color="fg.muted">
      {reasons.map((reason) => (
        <li key={reason.code}>{t(`scripts.compliance.reasons.${reason.code}`, { count: reason.count ?? 0 })}</li>
      ))}
    </chakra.ul>
  );
}
