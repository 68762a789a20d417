import { useOpenInCompany } from '@/identity/auth';
import { PortfolioScreen } from '@/platform/portfolio';
import { MonitoringQueries } from './monitoring-queries';

/** `/globalcorporate`: Global Vision; a company or heat-map cell opens after switching to it. */
export function GlobalCorporatePage() {
  const openInCompany = useOpenInCompany();
  return (
    <MonitoringQueries>
      <PortfolioScreen openCompany={openInCompany} />
    </MonitoringQueries>
  );
}

export { GlobalCorporatePage as Component };
