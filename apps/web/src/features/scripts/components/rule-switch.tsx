import { Switch, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { type JsRule, useSetJsRuleEnabled } from '../api/rules-api';

/**
 * Whether a rule runs in the company's scans: a switch for those who may change it (a default
 * rule is switched for this company only; its label, named after the rule, is shown in the drawer
 * and read out in the table), the state in words for the others.
 */
export function RuleSwitch({
  rule,
  canChange,
  showLabel = false,
}: {
  rule: JsRule;
  canChange: boolean;
  showLabel?: boolean;
}) {
  const { t } = useTranslation();
  const change = useSetJsRuleEnabled();
  const state = t(rule.enabled ? 'scripts.rules.on' : 'scripts.rules.off');
  if (!canChange) return <Text as="span">{state}</Text>;
  const failure =
    change.error instanceof ApiError ? change.error.serverMessage : change.error ? t('scripts.forms.saveFailed') : null;
  return (
    <>
      <Switch.Root
        size="sm"
        checked={change.isPending ? Boolean(change.variables?.enabled) : rule.enabled}
        disabled={change.isPending}
        onCheckedChange={(event) => change.mutate({ id: rule.id, enabled: event.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label srOnly={!showLabel}>{t('scripts.rules.enabledOf', { key: rule.key })}</Switch.Label>
      </Switch.Root>
      {failure ? (
        <Text fontSize="xs" color="fg.error" role="alert">
          {failure}
        </Text>
      ) : null}
    </>
  );
}
