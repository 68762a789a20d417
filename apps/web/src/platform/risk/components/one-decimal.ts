import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@/lib/i18n/format';

/** Scores and gains as the API gives them (one decimal), in the interface's language (79,9 in German). */
export function useOneDecimal(): (value: number) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    return (value: number) => format.format(value);
  }, [i18n.language]);
}
