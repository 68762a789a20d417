import { Button, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModules } from '@/lib/modules';
import { type AlertRule, useAlertRules, useDeleteRule } from '../api/alerts-api';
import { RuleForm } from './rule-form';

/** One line that says what a rule does: `High and above · Credentials · daily at 08:00 (Europe/Paris) · e-mail`. */
function useDescribe() {
  const { t } = useTranslation();
  const modules = useModules();
  return (rule: AlertRule) => {
    const names = rule.modules
      ? rule.modules.map((id) => {
          const screen = modules.find((m) => m.id === id)?.screen;
          return screen ? t(`screens.${screen}.title`) : id;
        })
      : [t('alerts.rules.allModules')];
    const when =
      rule.delivery === 'digest'
        ? t('alerts.rules.dailyAt', { hour: String(rule.digest_hour ?? 0).padStart(2, '0'), zone: rule.time_zone })
        : t('alerts.rules.instant');
    const channels = [
      rule.email ? t('alerts.rules.byEmail') : null,
      rule.webhooks ? t('alerts.rules.byWebhooks') : null,
    ]
      .filter(Boolean)
      .join(', ');
    const severity = t('alerts.rules.andAbove', { severity: t(`findings.severity.${rule.min_severity}`) });
    return [severity, names.join(', '), when, channels].join(' · ');
  };
}

/**
 * The signed-in user's alert rules in the current company (any role manages its own);
 * `webhooks`: the user may send them to the company's webhooks (administrators).
 */
export function NotificationPreferencesSection({ webhooks }: { webhooks: boolean }) {
  const { t } = useTranslation();
  const rules = useAlertRules();
  const remove = useDeleteRule();
  const describe = useDescribe();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = rules.data ?? [];
  return (
    <Stack as="section" gap="4" aria-labelledby="notification-preferences">
      <Heading as="h2" size="md" id="notification-preferences">
        {t('alerts.rules.title')}
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        {t('alerts.rules.intro')}
      </Text>
      {rules.isSuccess && list.length === 0 ? <Text>{t('alerts.rules.empty')}</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {list.map((rule) =>
          editing === rule.id ? (
            <chakra.li key={rule.id}>
              <RuleForm rule={rule} webhooks={webhooks} onDone={() => setEditing(null)} />
            </chakra.li>
          ) : (
            <chakra.li key={rule.id} borderWidth="1px" borderRadius="l2" p="3">
              <HStack justify="space-between" gap="3" flexWrap="wrap">
                <Text textStyle="sm">{describe(rule)}</Text>
                <HStack gap="2">
                  <Button size="xs" variant="outline" onClick={() => setEditing(rule.id)}>
                    {t('alerts.rules.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    loading={remove.isPending && remove.variables === rule.id}
                    onClick={() => remove.mutate(rule.id)}
                  >
                    {t('alerts.rules.delete')}
                  </Button>
                </HStack>
              </HStack>
            </chakra.li>
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        <RuleForm webhooks={webhooks} onDone={() => setEditing(null)} />
      ) : (
        <Button alignSelf="start" size="sm" onClick={() => setEditing('new')}>
          {t('alerts.rules.add')}
        </Button>
      )}
    </Stack>
  );
}
