import { Badge, HStack, Skeleton, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SeverityBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import { useSecretRules } from '../api/secrets-api';

/** Vigil's secret rules (gitleaks format), read-only: what each finds and how severe it is. */
export function RulesList() {
  const { t } = useTranslation();
  const format = useFormat();
  const rules = useSecretRules();
  if (!rules.data) return <Skeleton height="32" />;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Caption textAlign="start" mb="2">
          {t('secrets.rules.caption')}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('secrets.rules.description')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('secrets.rules.id')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('findings.severityLabel')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('secrets.rules.keywords')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('secrets.rules.entropy')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rules.data.map((rule) => (
            <Table.Row key={rule.id}>
              <Table.Cell>{rule.description}</Table.Cell>
              <Table.Cell>
                <Text fontFamily="mono" fontSize="xs">
                  {rule.id}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <SeverityBadge severity={rule.severity} />
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1" flexWrap="wrap">
                  {rule.keywords.map((k) => (
                    <Badge key={k} size="xs" variant="surface">
                      {k}
                    </Badge>
                  ))}
                </HStack>
              </Table.Cell>
              <Table.Cell textAlign="end">{rule.entropy === null ? '—' : format.number(rule.entropy)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
