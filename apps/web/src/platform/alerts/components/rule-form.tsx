import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { enumValues } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { useModules } from '@/lib/modules';
import { type AlertRule, type AlertRuleInput, useSaveRule } from '../api/alerts-api';
import { Check, FormError, Group } from './form-bits';

export const SEVERITIES = enumValues.Severity;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** The browser's time zone (the default of a new rule). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function initial(rule: AlertRule | undefined): AlertRuleInput {
  return rule
    ? {
        modules: rule.modules,
        min_severity: rule.min_severity,
        delivery: rule.delivery,
        digest_hour: rule.digest_hour,
        time_zone: rule.time_zone,
        email: rule.email,
        webhooks: rule.webhooks,
      }
    : {
        modules: null,
        min_severity: 'high',
        delivery: 'instant',
        digest_hour: 8,
        time_zone: browserTimeZone(),
        email: true,
        webhooks: false,
      };
}

/**
 * Adds a rule (no `rule`) or edits one: modules, minimum severity, instant or digest, channels. The
 * company's webhooks are a channel only administrators turn on (`webhooks`); the server refuses it
 * to anyone else, so the form does not offer it and saves the rule without it.
 */
export function RuleForm({ rule, webhooks, onDone }: { rule?: AlertRule; webhooks: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const modules = useModules();
  const save = useSaveRule();
  const [value, setValue] = useState<AlertRuleInput>(() => initial(rule));
  const set = (change: Partial<AlertRuleInput>) => setValue((current) => ({ ...current, ...change }));
  const chosen = value.modules ?? [];
  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((m) => m !== id);
    set({ modules: next.length > 0 ? next : null });
  };
  return (
    <chakra.form
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      aria-label={t(rule ? 'alerts.rules.formTitleEdit' : 'alerts.rules.formTitleNew')}
      onSubmit={(event) => {
        event.preventDefault();
        const body = {
          ...value,
          digest_hour: value.delivery === 'digest' ? value.digest_hour : null,
          webhooks: webhooks && value.webhooks,
        };
        save.mutate({ ...(rule ? { id: rule.id } : {}), body }, { onSuccess: onDone });
      }}
    >
      <Stack gap="4">
        <Text fontWeight="semibold">{t(rule ? 'alerts.rules.formTitleEdit' : 'alerts.rules.formTitleNew')}</Text>
        <Group legend={t('alerts.rules.modules')}>
          <HStack gap="4" flexWrap="wrap">
            {modules.map((m) => (
              <Check
                key={m.id}
                label={t(`screens.${m.screen}.title`)}
                checked={chosen.includes(m.id)}
                onChange={(on) => toggle(m.id, on)}
              />
            ))}
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {t('alerts.rules.allModulesHint')}
          </Text>
        </Group>
        <HStack gap="4" flexWrap="wrap" alignItems="end">
          <Stack gap="1.5">
            <Text as="span" fontWeight="medium" textStyle="sm">
              {t('alerts.rules.minSeverity')}
            </Text>
            <SimpleSelect
              label={t('alerts.rules.minSeverity')}
              value={value.min_severity}
              onChange={(event) => set({ min_severity: event.currentTarget.value as AlertRuleInput['min_severity'] })}
            >
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {t(`findings.severity.${s}`)}
                </option>
              ))}
            </SimpleSelect>
          </Stack>
          <Stack gap="1.5">
            <Text as="span" fontWeight="medium" textStyle="sm">
              {t('alerts.rules.delivery')}
            </Text>
            <SimpleSelect
              label={t('alerts.rules.delivery')}
              value={value.delivery}
              onChange={(event) => set({ delivery: event.currentTarget.value as AlertRuleInput['delivery'] })}
            >
              <option value="instant">{t('alerts.rules.instant')}</option>
              <option value="digest">{t('alerts.rules.digest')}</option>
            </SimpleSelect>
          </Stack>
          {value.delivery === 'digest' ? (
            <Stack gap="1.5">
              <Text as="span" fontWeight="medium" textStyle="sm">
                {t('alerts.rules.hour')}
              </Text>
              <SimpleSelect
                label={t('alerts.rules.hour')}
                value={String(value.digest_hour ?? 8)}
                onChange={(event) => set({ digest_hour: Number(event.currentTarget.value) })}
              >
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {`${String(hour).padStart(2, '0')}:00`}
                  </option>
                ))}
              </SimpleSelect>
            </Stack>
          ) : null}
        </HStack>
        <TextInput
          label={t('alerts.rules.timeZone')}
          name="time_zone"
          value={value.time_zone}
          maxLength={64}
          onValueChange={(time_zone) => set({ time_zone })}
        />
        <Group legend={t('alerts.rules.channels')}>
          <Check label={t('alerts.rules.email')} checked={value.email} onChange={(email) => set({ email })} />
          {webhooks ? (
            <Check
              label={t('alerts.rules.webhooks')}
              checked={value.webhooks}
              onChange={(on) => set({ webhooks: on })}
            />
          ) : (
            <Text textStyle="xs" color="fg.muted">
              {t('alerts.rules.webhooksAdministrators')}
            </Text>
          )}
        </Group>
        <FormError error={save.error} />
        <HStack gap="2">
          <Button type="submit" size="sm" loading={save.isPending}>
            {t('alerts.rules.save')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            {t('alerts.rules.cancel')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
