import { SearchScreen } from '@/platform/search';
import { MonitoringQueries } from './monitoring-queries';
import { useOpenSearchHit } from './open-search-hit';

/** `/search`: the cross-module search over the user's companies. */
export function SearchPage() {
  const openHit = useOpenSearchHit();
  return (
    <MonitoringQueries>
      <SearchScreen openHit={openHit} />
    </MonitoringQueries>
  );
}

export { SearchPage as Component };
