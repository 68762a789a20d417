import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Chart, type ChartOptions } from '@/components/charts';
import { useFormat } from '@/lib/i18n/format';
import { useColorMode } from '@/theme/color-mode';
import type { Portfolio } from '../api/portfolio-api';
import { useModuleListHref, useOpenCompany } from './open-company';

/** From no finding to the most: pale to red, on either theme's background. */
const RAMP = { light: ['#fff7ed', '#b91c1c'], dark: ['#27272a', '#dc2626'] } as const;
/** Cells apart by the panel's own colour. */
const GAP = { light: '#ffffff', dark: '#18181b' } as const;

/** Rows of a company's height, plus the module names below them (slanted, never cut). */
const heightOf = (companies: number) => 150 + 44 * Math.max(companies, 1);

/**
 * Open findings as a company × module heat map. The colour follows log10(1 + count), so one module
 * with thousands of leaked credentials leaves the others readable; the cell shows the count. A cell
 * (clicked, or Enter on it through the chart's keyboard navigation) opens that module's open findings
 * after switching to the company. The numbers are also a table (the chart component's).
 */
export function ModuleHeatMap({ data }: { data: Portfolio | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { colorMode } = useColorMode();
  const open = useOpenCompany();
  const listHref = useModuleListHref();
  const title = t('portfolio.heatMapTitle');
  const companies = data?.companies ?? [];
  const modules = data?.modules ?? [];
  const moduleNames = modules.map((m) => t(`${m}.moduleName`));
  const countOf = (y: number, x: number) =>
    companies[y]?.open_by_module.find((e) => e.module === modules[x])?.count ?? 0;
  const [minColor, maxColor] = RAMP[colorMode];
  const options: ChartOptions | undefined = data && {
    chart: { type: 'heatmap', marginTop: 10 },
    title: { text: undefined },
    xAxis: { categories: moduleNames, labels: { rotation: -40, style: { textOverflow: 'none' } } },
    yAxis: { categories: companies.map((c) => c.name), title: { text: undefined }, reversed: true },
    colorAxis: { min: 0, minColor, maxColor },
    legend: { enabled: false },
    tooltip: {
      formatter() {
        return `${companies[this.y ?? 0]?.name ?? ''} · ${moduleNames[this.x] ?? ''}: <b>${format.number(countOf(this.y ?? 0, this.x))}</b>`;
      },
    },
    series: [
      {
        type: 'heatmap',
        name: t('portfolio.open'),
        borderWidth: 2,
        borderColor: GAP[colorMode],
        cursor: 'pointer',
        dataLabels: {
          enabled: true,
          formatter() {
            return format.number(countOf(this.y ?? 0, this.x));
          },
        },
        data: companies.flatMap((company, y) =>
          modules.map((_, x) => {
            const count = countOf(y, x);
            return {
              x,
              y,
              value: Math.log10(1 + count),
              accessibility: {
                description: t('portfolio.openList', { count, module: moduleNames[x], company: company.name }),
              },
            };
          }),
        ),
        point: {
          events: {
            click: (event) => {
              const company = companies[event.point.y ?? -1];
              const to = listHref(modules[event.point.x] ?? '');
              if (company && to) open(company.id, to);
            },
          },
        },
      },
    ],
  };
  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" data-testid="heat-map">
      <Heading as="h2" size="md" mb="1">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="2">
        {t('portfolio.heatMapHint')}
      </Text>
      <Chart
        description={title}
        height={heightOf(companies.length)}
        options={options}
        table={{
          columns: [
            { key: 'company', label: t('portfolio.company') },
            ...modules.map((m, i) => ({ key: m, label: moduleNames[i] ?? m, numeric: true })),
          ],
          rows: companies.map((c, y) => [c.name, ...modules.map((_, x) => countOf(y, x))]),
        }}
      />
    </Box>
  );
}
