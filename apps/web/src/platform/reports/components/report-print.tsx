import { Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradeBadge } from '@/components/ui/grade-badge';
import { useFormat } from '@/lib/i18n/format';
import { isLanguage } from '@/lib/i18n/languages';
import { useModules } from '@/lib/modules';
import { type ReportData, type ReportModule, useReportData } from '../api/reports-api';
import { chartCount, ModuleCharts, Section, TrendChart } from './print-charts';
import { useDay } from './report-history';

type Finding = ReportModule['top'][number];

/** Printed tables: room between columns, a rule under each row. */
const printed = {
  '& th, & td': { paddingInline: '2', paddingBlock: '1', borderBottomWidth: '1px', verticalAlign: 'top' },
};

function useModuleName() {
  const { t } = useTranslation();
  const modules = useModules();
  return (id: string) => {
    const screen = modules.find((m) => m.id === id)?.screen;
    return screen ? t(`screens.${screen}.title`) : id;
  };
}

function FindingTable({ findings, empty }: { findings: Finding[]; empty: string }) {
  const { t } = useTranslation();
  const day = useDay();
  if (findings.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <Table.Root size="sm" mb="2" css={printed}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('reports.print.finding')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('reports.print.severity')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('reports.print.findingStatus')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('reports.print.firstSeen')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('reports.print.due')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {findings.map((f) => (
          <Table.Row key={f.id}>
            <Table.Cell wordBreak="break-word">{f.title}</Table.Cell>
            <Table.Cell>{t(`findings.severity.${f.severity}`)}</Table.Cell>
            <Table.Cell>{t(`findings.status.${f.status}`)}</Table.Cell>
            <Table.Cell>{day(f.first_seen_at)}</Table.Cell>
            <Table.Cell>{f.due_at ? day(f.due_at) : '—'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function NumbersTable({ data, name }: { data: ReportData; name: (id: string) => string }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const headers = ['module', 'open', 'new', 'resolved', 'reopened', 'meanToResolve', 'slaBreaches'] as const;
  return (
    <Table.Root size="sm" css={printed}>
      <Table.Header>
        <Table.Row>
          {headers.map((h) => (
            <Table.ColumnHeader key={h} textAlign={h === 'module' ? 'start' : 'end'}>
              {t(`reports.print.${h}`)}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {data.modules.map((m) => (
          <Table.Row key={m.module}>
            <Table.Cell>{name(m.module)}</Table.Cell>
            {[m.open, m.new, m.resolved, m.reopened].map((n, i) => (
              <Table.Cell key={headers[i + 1]} textAlign="end">
                {number(n)}
              </Table.Cell>
            ))}
            <Table.Cell textAlign="end">
              {m.mean_hours_to_resolve === null
                ? '—'
                : t('reports.print.hours', { hours: number(m.mean_hours_to_resolve) })}
            </Table.Cell>
            <Table.Cell textAlign="end">{number(m.sla_breaches)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Summary({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  const { number } = useFormat();
  const { totals, rating } = data;
  return (
    <Section title={t('reports.print.summaryTitle')}>
      <Text mb="3">
        {t('reports.print.summary', {
          company: data.report.company,
          open: number(totals.open),
          critical: number(totals.open_by_severity.critical),
          high: number(totals.open_by_severity.high),
          new: number(totals.new),
          resolved: number(totals.resolved),
          reopened: number(totals.reopened),
          breaches: number(totals.sla_breaches),
        })}
      </Text>
      <HStack gap="3" data-testid="report-rating">
        <Text fontWeight="semibold">{t('reports.print.rating')}</Text>
        <GradeBadge grade={rating.grade} size="lg" />
        <Text>
          {rating.score === null
            ? t('reports.print.ratingNone')
            : t('reports.print.score', { score: number(rating.score, { maximumFractionDigits: 1 }) })}
        </Text>
      </HStack>
    </Section>
  );
}

/** Marks the view ready for the renderer once every chart has drawn its SVG. */
function useChartsDrawn(expected: number, active: boolean): boolean {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.querySelectorAll('svg.highcharts-root').length >= expected) {
        setDrawn(true);
        clearInterval(timer);
      }
    }, 100);
    return () => clearInterval(timer);
  }, [expected, active]);
  return drawn;
}

function PrintedReport({ data }: { data: ReportData }) {
  const { t } = useTranslation();
  const day = useDay();
  const name = useModuleName();
  const drawn = useChartsDrawn(chartCount(data), true);
  const { report } = data;
  const period = t('reports.print.period', { from: day(report.period_from), to: day(report.period_to) });
  return (
    <Stack
      gap="0"
      data-report-ready={drawn ? 'true' : undefined}
      data-report-footer={`${t('reports.print.title')} · ${report.company} · ${period}`}
    >
      <Box as="header" mb="6" borderBottomWidth="2px" pb="3">
        <Text textStyle="sm" color="fg.muted">
          Vigil
        </Text>
        <Heading as="h1" size="2xl">
          {t('reports.print.title')}: {report.company}
        </Heading>
        <Text>{period}</Text>
        <Text textStyle="sm" color="fg.muted">
          {t('reports.print.generated', { date: day(report.created_at) })}
          {' · '}
          {report.requested_by
            ? t('reports.print.requestedBy', { name: report.requested_by })
            : t('reports.print.monthly')}
        </Text>
      </Box>
      <Summary data={data} />
      <TrendChart data={data} />
      <ModuleCharts data={data} names={name} />
      <Section title={t('reports.print.numbersTitle')}>
        <NumbersTable data={data} name={name} />
      </Section>
      <Heading as="h2" size="md" mb="3" css={{ breakBefore: 'page' }}>
        {t('reports.print.topTitle')}
      </Heading>
      {data.modules.map((m) => (
        <Box key={m.module} as="section" mb="5" css={{ breakInside: 'avoid' }}>
          <Heading as="h3" size="sm" mb="2">
            {name(m.module)}
          </Heading>
          <FindingTable findings={m.top} empty={t('reports.print.noTop')} />
          <Text fontWeight="semibold" textStyle="sm" mb="1">
            {t('reports.print.resolvedTitle')}
          </Text>
          <FindingTable findings={m.resolved_findings} empty={t('reports.print.noResolved')} />
        </Box>
      ))}
    </Stack>
  );
}

/**
 * `/report/print/:id#token=…`: what the PDF shows, drawn by the renderer's headless browser in the
 * report's language from one call opened by the print token; `data-report-ready` (or
 * `data-report-error`) tells the renderer when to print.
 */
export function ReportPrintView({ id, token }: { id: number; token: string }) {
  const { t, i18n } = useTranslation();
  const report = useReportData(id, token);
  const language = report.data?.report.language;
  const [languageReady, setLanguageReady] = useState(false);
  useEffect(() => {
    if (!language || !isLanguage(language)) return;
    void i18n.changeLanguage(language).then(() => setLanguageReady(true));
  }, [language, i18n]);
  return (
    <Box maxW="190mm" mx="auto" p="4" bg="white" color="black">
      {report.isError ? (
        <Text role="alert" data-report-error={t('reports.print.failed')}>
          {t('reports.print.failed')}
        </Text>
      ) : report.data && languageReady ? (
        <PrintedReport data={report.data} />
      ) : (
        <Text>{t('reports.print.loading')}</Text>
      )}
    </Box>
  );
}
