import { Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/components/ui/date-field';
import { LanguageSelect } from '@/components/ui/language-select';
import { SimpleSelect } from '@/components/ui/simple-select';
import { LANGUAGES, type Language } from '@/lib/i18n/languages';
import { useCreateReport } from '../api/reports-api';
import { type PresetId, periodOf, presets } from './periods';

/** The translated reason a request failed: the first field the server named, else a general message. */
export function useReportErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return (error) => {
    const fields = error instanceof ApiError ? Object.keys(error.validation ?? {}) : [];
    const field = ['from', 'to', 'recipient_ids'].find((f) => fields.includes(f));
    return t(field ? `reports.errors.${field}` : 'reports.errors.failed');
  };
}

/** A visible label around its control (a select, a date). */
export const Label = chakra('label', { base: { display: 'flex', flexDirection: 'column', gap: '1', textStyle: 'sm' } });

/** Period (a preset or two dates) and language; the report is queued and shows in the history. */
export function ReportForm() {
  const { t, i18n } = useTranslation();
  const create = useCreateReport();
  const errorText = useReportErrorText();
  const [preset, setPreset] = useState<PresetId>('last30');
  const [custom, setCustom] = useState(() => periodOf('last30', new Date()));
  const [language, setLanguage] = useState<Language>(
    (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en',
  );
  const period = preset === 'custom' ? custom : periodOf(preset, new Date());
  return (
    <Stack
      as="form"
      gap="3"
      borderWidth="1px"
      borderRadius="l3"
      p="4"
      bg="bg.panel"
      aria-labelledby="report-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ ...period, language });
      }}
    >
      <Heading as="h2" size="md" id="report-form-title">
        {t('reports.form.title')}
      </Heading>
      <HStack gap="4" flexWrap="wrap" alignItems="flex-end">
        <Label>
          {t('reports.form.period')}
          <SimpleSelect
            label={t('reports.form.period')}
            value={preset}
            onChange={(event) => setPreset(event.currentTarget.value as PresetId)}
          >
            {[...presets, 'custom' as const].map((id) => (
              <option key={id} value={id}>
                {t(`reports.form.presets.${id}`)}
              </option>
            ))}
          </SimpleSelect>
        </Label>
        {preset === 'custom' ? (
          <>
            <Label>
              {t('reports.form.from')}
              <DateField value={custom.from} onChange={(from) => setCustom((c) => ({ ...c, from }))} required />
            </Label>
            <Label>
              {t('reports.form.to')}
              <DateField
                value={custom.to}
                min={custom.from || undefined}
                onChange={(to) => setCustom((c) => ({ ...c, to }))}
                required
              />
            </Label>
          </>
        ) : null}
        <Label>
          {t('reports.form.language')}
          <LanguageSelect choice={{ value: language, label: t('reports.form.language') }} onChange={setLanguage} />
        </Label>
        <Button type="submit" size="sm" loading={create.isPending}>
          {t('reports.form.submit')}
        </Button>
      </HStack>
      {create.isError ? (
        <Text role="alert" color="fg.error" textStyle="sm">
          {errorText(create.error)}
        </Text>
      ) : create.isSuccess ? (
        <Text role="status" textStyle="sm" color="fg.muted">
          {t('reports.form.queued')}
        </Text>
      ) : null}
    </Stack>
  );
}
