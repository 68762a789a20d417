// The app's charts: the only folder that imports Highcharts (lint-enforced).
export { Chart, type ChartOptions, type ChartProps } from './chart';
export type { ChartTableColumn } from './chart-data-table';
export { SEVERITY_COLORS } from './severity-colors';
