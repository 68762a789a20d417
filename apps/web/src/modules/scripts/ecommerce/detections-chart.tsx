import { Box, Heading } from '@chakra-ui/react';
import { enumValues } from '@vigil/api-client';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from '@/components/charts';
import type { DetectionDay } from './ecommerce-api';

const KINDS = enumValues.ScriptFindingKind;

/** Script findings first seen per day, stacked by kind, through the one chart component (with its table). */
export const DetectionsChart = memo(function DetectionsChart({
  series,
  days,
}: {
  series: DetectionDay[] | undefined;
  days: number;
}) {
  const { t } = useTranslation();
  const title = t('scripts.ecommerce.detectionsTitle', { count: days });
  const rows = series ?? [];
  return (
    <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg.panel" mb="6">
      <Heading as="h2" size="sm" mb="2">
        {title}
      </Heading>
      <Chart
        description={title}
        height={260}
        options={
          series && {
            chart: { type: 'column' },
            title: { text: undefined },
            xAxis: { categories: rows.map((d) => d.day) },
            yAxis: { title: { text: t('scripts.ecommerce.detections') }, allowDecimals: false },
            plotOptions: { column: { stacking: 'normal' } },
            series: KINDS.map((kind) => ({
              type: 'column',
              name: t(`scripts.kinds.${kind}`),
              data: rows.map((d) => d[kind]),
            })),
          }
        }
        table={{
          columns: [
            { key: 'day', label: t('scripts.ecommerce.day') },
            ...KINDS.map((kind) => ({ key: kind, label: t(`scripts.kinds.${kind}`), numeric: true })),
          ],
          rows: rows.map((d) => [d.day, ...KINDS.map((kind) => d[kind])]),
        }}
      />
    </Box>
  );
});
