import { Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/ui/language-select';
import type { Language } from '@/lib/i18n/languages';
import { type ReportSchedule, useRecipientChoices, useReportSchedule, useUpdateSchedule } from '../api/reports-api';
import { Label, useReportErrorText } from './report-form';
import { useDay } from './report-history';

function Status({ schedule }: { schedule: ReportSchedule }) {
  const { t } = useTranslation();
  const day = useDay();
  if (!schedule.enabled) return <Text textStyle="sm">{t('reports.schedule.off')}</Text>;
  return (
    <Stack gap="1" textStyle="sm">
      {schedule.next_run_at ? <Text>{t('reports.schedule.next', { date: day(schedule.next_run_at) })}</Text> : null}
      {schedule.last_sent_at ? (
        <Text>{t('reports.schedule.lastSent', { date: day(schedule.last_sent_at) })}</Text>
      ) : null}
      <Text>{t('reports.schedule.recipientList', { names: schedule.recipients.map((r) => r.name).join(', ') })}</Text>
    </Stack>
  );
}

/** The monthly e-mail: administrators turn it on with recipients and a language; others read it. */
export function ScheduleSection({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const schedule = useReportSchedule();
  const members = useRecipientChoices(canEdit);
  const update = useUpdateSchedule();
  const errorText = useReportErrorText();
  const [enabled, setEnabled] = useState(false);
  const [language, setLanguage] = useState<Language>('en');
  const [recipients, setRecipients] = useState<number[]>([]);
  const current = schedule.data;
  useEffect(() => {
    if (!current) return;
    setEnabled(current.enabled);
    setLanguage(current.language);
    setRecipients(current.recipients.map((r) => r.user_id));
  }, [current]);
  return (
    <Stack
      as="section"
      gap="3"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg.panel"
      aria-labelledby="report-schedule-title"
    >
      <Heading as="h2" size="md" id="report-schedule-title">
        {t('reports.schedule.title')}
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        {t('reports.schedule.intro')}
      </Text>
      {current ? <Status schedule={current} /> : null}
      {canEdit ? (
        <Stack
          as="form"
          gap="3"
          onSubmit={(event) => {
            event.preventDefault();
            update.mutate({ enabled, language, recipient_ids: recipients });
          }}
        >
          <chakra.label display="inline-flex" alignItems="center" gap="2" textStyle="sm">
            <chakra.input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
            {t('reports.schedule.enabled')}
          </chakra.label>
          <chakra.fieldset borderWidth="0" p="0" m="0">
            <chakra.legend textStyle="sm" fontWeight="medium" mb="1">
              {t('reports.schedule.recipients')}
            </chakra.legend>
            {members.data?.length === 0 ? <Text textStyle="sm">{t('reports.schedule.noMembers')}</Text> : null}
            <HStack gap="4" flexWrap="wrap">
              {(members.data ?? []).map((member) => (
                <chakra.label key={member.id} display="inline-flex" alignItems="center" gap="2" textStyle="sm">
                  <chakra.input
                    type="checkbox"
                    checked={recipients.includes(member.id)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setRecipients((list) => (on ? [...list, member.id] : list.filter((id) => id !== member.id)));
                    }}
                  />
                  {member.name} ({member.email})
                </chakra.label>
              ))}
            </HStack>
          </chakra.fieldset>
          <HStack gap="3" alignItems="flex-end" flexWrap="wrap">
            <Label>
              {t('reports.schedule.language')}
              <LanguageSelect
                choice={{ value: language, label: t('reports.schedule.language') }}
                onChange={setLanguage}
              />
            </Label>
            <Button type="submit" size="sm" loading={update.isPending}>
              {t('reports.schedule.save')}
            </Button>
          </HStack>
          {update.isError ? (
            <Text role="alert" color="fg.error" textStyle="sm">
              {errorText(update.error)}
            </Text>
          ) : update.isSuccess ? (
            <Text role="status" textStyle="sm" color="fg.muted">
              {t('reports.schedule.saved')}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text textStyle="sm" color="fg.muted">
          {t('reports.schedule.readOnly')}
        </Text>
      )}
    </Stack>
  );
}
