import { SEVERITIES, SeverityBadge } from '@/components/ui/finding-badges';

/** The catalogue's severity word as a badge (a word the findings do not use is left out). */
export function CatalogueSeverity({ severity }: { severity: string | null }) {
  const known = SEVERITIES.find((s) => s === severity);
  return known ? <SeverityBadge severity={known} /> : null;
}
