import { VulnerabilitiesScreen } from '@/features/vulnerabilities';
import { findingSlots } from './finding-slots';
import { MonitoringQueries } from './monitoring-queries';

/** `/vulnerabilities`: scanner findings with SLA, EPSS and KEV. */
export function VulnerabilitiesPage() {
  return (
    <MonitoringQueries>
      <VulnerabilitiesScreen slots={findingSlots} />
    </MonitoringQueries>
  );
}

export { VulnerabilitiesPage as Component };
