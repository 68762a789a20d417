import { Box, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/i18n/format';

export interface ChartTableColumn {
  key: string;
  label: string;
  numeric?: boolean;
}

/** The numbers behind a chart as a plain table, shown on request (accessibility, screens.md). */
export function ChartDataTable({
  caption,
  columns,
  rows,
  disabled = false,
}: {
  caption: string;
  columns: ChartTableColumn[];
  rows: Array<Array<string | number>>;
  /** While the chart's data loads: the toggle holds its place, with nothing to show yet. */
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const number = numberFormat(i18n.resolvedLanguage ?? 'en');
  return (
    <Box mt="2">
      <chakra.button
        type="button"
        aria-expanded={open}
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        color="brand.solid"
        textStyle="sm"
        textDecoration="underline"
        cursor="pointer"
        _disabled={{ cursor: 'default', opacity: 0.6 }}
      >
        {t(open ? 'charts.hideTable' : 'charts.showTable')}
      </chakra.button>
      {open && !disabled ? (
        <Box overflowX="auto" mt="2">
          <chakra.table w="full" textStyle="sm" borderCollapse="collapse">
            <chakra.caption textAlign="start" fontWeight="semibold" pb="2">
              {caption}
            </chakra.caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <chakra.th
                    key={column.key}
                    scope="col"
                    textAlign={column.numeric ? 'end' : 'start'}
                    borderBottomWidth="1px"
                    py="1"
                    px="2"
                  >
                    {column.label}
                  </chakra.th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row[0])}>
                  {row.map((cell, index) => (
                    <chakra.td
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      key={index}
                      textAlign={columns[index]?.numeric ? 'end' : 'start'}
                      borderBottomWidth="1px"
                      py="1"
                      px="2"
                    >
                      {typeof cell === 'number' ? number.format(cell) : cell}
                    </chakra.td>
                  ))}
                </tr>
              ))}
            </tbody>
          </chakra.table>
        </Box>
      ) : null}
    </Box>
  );
}
