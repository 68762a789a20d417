import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layout/page-header';
import { ReportForm } from './report-form';
import { ReportHistory } from './report-history';
import { ScheduleSection } from './schedule-section';

export type ReportRole = 'administrator' | 'analyst' | 'viewer' | undefined;

/** `/report`: ask for a report (administrators, analysts), its history, the monthly schedule. */
export function ReportScreen({ role }: { role: ReportRole }) {
  const { t } = useTranslation();
  const canCreate = role === 'administrator' || role === 'analyst';
  return (
    <>
      <PageHeader
        title={t('screens.report.title')}
        trail={[t('nav.groups.overview')]}
        description={t('reports.description')}
      />
      <Stack gap="6">
        {canCreate ? (
          <ReportForm />
        ) : (
          <Text color="fg.muted" textStyle="sm">
            {t('reports.form.viewerNote')}
          </Text>
        )}
        <ReportHistory canDelete={role === 'administrator'} />
        <ScheduleSection canEdit={role === 'administrator'} />
      </Stack>
    </>
  );
}
