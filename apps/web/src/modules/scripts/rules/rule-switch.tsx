import { useTranslation } from 'react-i18next';
import { EnabledSwitch } from '@/components/ui/enabled-switch';
import { type JsRule, useSetJsRuleEnabled } from './rules-api';

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
  return (
    <EnabledSwitch
      enabled={rule.enabled}
      canChange={canChange}
      label={t('scripts.rules.enabledOf', { key: rule.key })}
      stateText={t(rule.enabled ? 'scripts.rules.on' : 'scripts.rules.off')}
      change={change}
      onChange={(enabled) => change.mutate({ id: rule.id, enabled })}
      failureText={t('scripts.forms.saveFailed')}
      showLabel={showLabel}
    />
  );
}
