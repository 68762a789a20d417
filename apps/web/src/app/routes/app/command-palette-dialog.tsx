import { SearchPalette, type SearchPaletteProps } from '@/platform/search';
import { MonitoringQueries } from './monitoring-queries';

/** The palette with the monitoring screens' query cache (reset when the company changes). */
export default function CommandPaletteDialog(props: SearchPaletteProps) {
  return (
    <MonitoringQueries>
      <SearchPalette {...props} />
    </MonitoringQueries>
  );
}
