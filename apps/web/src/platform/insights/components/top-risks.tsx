import { Box, Heading, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SeverityBadge } from '@/components/ui/finding-badges';
import { useFormat } from '@/lib/i18n/format';
import type { TopRisk } from '../api/insights-api';

/** Open findings, most severe first, then the longest overdue: each opens on its module's screen. */
export function TopRisks({ risks, now }: { risks: TopRisk[] | undefined; now: Date }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box as="section" aria-labelledby="insights-risks" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel">
      <Heading as="h2" size="md" mb="3" id="insights-risks">
        {t('insights.topRisks')}
      </Heading>
      {risks && risks.length === 0 ? <Text color="fg.muted">{t('insights.noRisks')}</Text> : null}
      <Table.ScrollArea>
        <Table.Root size="sm" data-testid="top-risks">
          <Table.Caption srOnly>{t('insights.topRisks')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('insights.finding')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('findings.severityLabel')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('insights.due')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(risks ?? []).map((risk) => {
              const overdue = risk.due_at !== null && new Date(risk.due_at) < now;
              return (
                <Table.Row key={risk.id}>
                  <Table.Cell whiteSpace="normal" minW="48">
                    <Link asChild colorPalette="blue" fontWeight="medium" overflowWrap="anywhere">
                      <RouterLink to={risk.link}>{risk.title}</RouterLink>
                    </Link>
                    <Text fontSize="xs" color="fg.muted">
                      {t(`${risk.module}.moduleName`)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>
                    <SeverityBadge severity={risk.severity} />
                  </Table.Cell>
                  <Table.Cell
                    whiteSpace="nowrap"
                    color={overdue ? 'red.fg' : undefined}
                    fontWeight={overdue ? 'semibold' : undefined}
                  >
                    {risk.due_at ? format.date(risk.due_at) : '—'}
                    {overdue ? ` · ${t('insights.overdue')}` : ''}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
