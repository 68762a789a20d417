// "Search now": queues a code search; while one is queued, running or waiting, what it is doing.
import { useTranslation } from 'react-i18next';
import { QueueJobButton } from '@/components/ui/queue-job-button';
import { usePendingProviderRun } from '@/lib/providers-api';
import { useStartSecretSearch } from '../api/secrets-api';

export function SearchNow() {
  const { t } = useTranslation();
  const pending = usePendingProviderRun('secrets');
  const start = useStartSecretSearch();
  const pendingText = pending
    ? t(`secrets.pending.${pending.status === 'running' || pending.status === 'waiting' ? pending.status : 'queued'}`, {
        done: pending.queries_done,
        total: pending.queries_total,
      })
    : null;
  return (
    <QueueJobButton label={t('secrets.runNow')} pendingText={pendingText} start={start} testId="secrets-run-status" />
  );
}
