import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLatestDorkRun } from '../api/dorks-api';

/** The company's latest dork run (until the shared provider runs list takes this tab over). */
export function RunsList() {
  const { t } = useTranslation();
  const run = useLatestDorkRun().data;
  if (!run) return <Text color="fg.muted">{t('dorks.noRuns')}</Text>;
  return (
    <Text>
      {t(`dorks.runStatus.${run.status}`, { done: run.queries_done, total: run.queries_total })}
      {run.error ? ` — ${run.error}` : ''}
    </Text>
  );
}
