import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '../api/imports-api';

/** What a glance at an import must tell: done, partial (some records rejected), failed… */
export type ImportOutcome = ImportSummary['status'] | 'partial';

export function outcomeOf(job: Pick<ImportSummary, 'status' | 'partial'>): ImportOutcome {
  return job.status === 'succeeded' && job.partial ? 'partial' : job.status;
}

export const outcomePalette: Record<ImportOutcome, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  partial: 'yellow',
  failed: 'red',
  cancelled: 'orange',
};

export function ImportStatusBadge({
  job,
  testId = 'import-status',
}: {
  job: Pick<ImportSummary, 'status' | 'partial'>;
  /** The running import's badge is `import-status`; a listed one's another, so the two never mix. */
  testId?: string;
}) {
  const { t } = useTranslation();
  const outcome = outcomeOf(job);
  return (
    <Badge colorPalette={outcomePalette[outcome]} data-testid={testId} data-outcome={outcome}>
      {t(`imports.status.${outcome}`)}
    </Badge>
  );
}
