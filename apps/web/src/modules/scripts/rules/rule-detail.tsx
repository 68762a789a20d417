import { Badge, chakra, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EvidenceList } from '@/components/data-table';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ExternalLink } from '@/components/ui/external-link';
import { SeverityBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { RuleDialog } from './rule-dialog';
import { RuleSwitch } from './rule-switch';
import { type JsRule, type JsRuleDefinition, useDeleteJsRule, useJsRule } from './rules-api';

/** Who a rule is: Vigil's default (read-only for the company) or the company's own. */
export function OwnerBadge({ owner }: { owner: JsRule['owner'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={owner === 'vigil' ? 'purple' : 'blue'} variant="outline" size="sm">
      {t(`scripts.rules.owners.${owner}`)}
    </Badge>
  );
}

/**
 * One rule: its facts, switch and hits, its definition condition by condition, and its versions.
 * The company's own rules are edited (a new version) and deleted; Vigil's are copied instead.
 */
export function RuleDetail({ id, canChange }: { id: number; canChange: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const detail = useJsRule(id);
  if (detail.isPending) return <Skeleton height="32" />;
  if (!detail.data) return <Text color="fg.error">{t('scripts.forms.loadFailed')}</Text>;
  const { rule, versions } = detail.data;
  const own = rule.owner === 'company';
  return (
    <Stack gap="5" data-testid="rule-detail">
      <Stack gap="1">
        <HStack gap="2" flexWrap="wrap">
          <Text fontFamily="mono" fontSize="sm">
            {rule.key}
          </Text>
          <SeverityBadge severity={rule.severity} />
          <OwnerBadge owner={rule.owner} />
        </HStack>
        <Heading as="h3" size="md">
          {rule.name}
        </Heading>
      </Stack>
      <HStack gap="2" flexWrap="wrap" justify="space-between">
        <RuleSwitch rule={rule} canChange={canChange} showLabel />
        {canChange ? (
          <HStack gap="2">
            {own ? <RuleDialog rule={rule} mode="edit" /> : <RuleDialog rule={rule} mode="copy" />}
            {own ? <DeleteRule rule={rule} /> : null}
          </HStack>
        ) : null}
      </HStack>
      <EvidenceList
        items={[
          { label: t('scripts.rules.family'), value: rule.family },
          {
            label: t('scripts.rules.reference'),
            value: rule.reference ? <ExternalLink url={rule.reference} colorPalette="blue" /> : null,
          },
          { label: t('scripts.rules.hits'), value: format.number(rule.hits) },
          { label: t('scripts.rules.lastHit'), value: rule.last_hit_at ? format.date(rule.last_hit_at) : null },
          { label: t('scripts.rules.version'), value: format.number(rule.version) },
          { label: t('scripts.rules.updated'), value: format.date(rule.updated_at) },
        ]}
      />
      {rule.description ? <Text whiteSpace="pre-wrap">{rule.description}</Text> : null}
      <Definition definition={rule.definition} />
      <Stack gap="2" data-testid="rule-versions">
        <Heading as="h3" size="sm">
          {t('scripts.rules.versions')}
        </Heading>
        <chakra.ol listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="2">
          {versions.map((v) => (
            <chakra.li key={v.version} borderBottomWidth="1px" pb="2">
              <HStack gap="2" flexWrap="wrap" fontSize="sm">
                <Text fontWeight="medium">{t('scripts.rules.versionNumber', { version: v.version })}</Text>
                <Text color="fg.muted">
                  {t('scripts.rules.changedBy', {
                    who: v.changed_by ?? t('scripts.rules.owners.vigil'),
                    when: format.date(v.changed_at),
                  })}
                </Text>
                <SeverityBadge severity={v.severity} />
                <Text>{v.enabled ? t('scripts.rules.on') : t('scripts.rules.off')}</Text>
              </HStack>
              <Text fontSize="sm">{v.name}</Text>
              <chakra.details fontSize="sm">
                <chakra.summary cursor="pointer">{t('scripts.rules.showDefinition')}</chakra.summary>
                <chakra.pre fontFamily="mono" fontSize="xs" whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {JSON.stringify(v.definition, null, 2)}
                </chakra.pre>
              </chakra.details>
            </chakra.li>
          ))}
        </chakra.ol>
      </Stack>
    </Stack>
  );
}

/** The conditions of a definition, and how many must hold. */
function Definition({ definition }: { definition: JsRuleDefinition }) {
  const { t } = useTranslation();
  const match =
    definition.match === 'at_least'
      ? t('scripts.rules.match.at_least', { count: definition.at_least ?? 1 })
      : t(`scripts.rules.match.${definition.match ?? 'any'}`);
  return (
    <Stack gap="2" data-testid="rule-definition">
      <Heading as="h3" size="sm">
        {t('scripts.rules.definition')}
      </Heading>
      <Text fontSize="sm">{match}</Text>
      {/* No scroll area: long values wrap (a region that scrolls would need to take the focus). */}
      <Table.Root size="sm" borderWidth="1px" tableLayout="fixed">
        <Table.Caption srOnly>{t('scripts.rules.conditions')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('scripts.rules.condition.id')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('scripts.rules.condition.target')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('scripts.rules.condition.op')}</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">{t('scripts.rules.condition.value')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {definition.conditions.map((c) => (
            <Table.Row key={c.id}>
              <Table.Cell fontFamily="mono">{c.id}</Table.Cell>
              <Table.Cell>{t(`scripts.rules.targets.${c.target}`)}</Table.Cell>
              <Table.Cell>{t(`scripts.rules.ops.${c.op}`)}</Table.Cell>
              <Table.Cell fontFamily="mono" overflowWrap="anywhere">
                {c.value ?? '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}

/** Deletes a rule of the company's own (its hits go with it); the drawer closes. */
function DeleteRule({ rule }: { rule: JsRule }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const remove = useDeleteJsRule();
  const failure =
    remove.error instanceof ApiError ? remove.error.serverMessage : remove.error ? t('scripts.forms.saveFailed') : null;
  return (
    <ConfirmDialog
      label={t('scripts.rules.delete')}
      title={t('scripts.rules.deleteTitle', { name: rule.name })}
      message={t('scripts.rules.deleteWarning')}
      confirmLabel={t('scripts.rules.delete')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failure}
      onOpen={remove.reset}
      onConfirm={async () => {
        await remove.mutateAsync(rule.id);
        setParams((current) => {
          const next = new URLSearchParams(current);
          next.delete('rule');
          return next;
        });
      }}
    />
  );
}
