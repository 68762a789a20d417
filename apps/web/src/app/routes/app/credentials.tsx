import { CredentialsScreen } from '@/features/credentials';
import { findingSlots } from './finding-slots';
import { MonitoringQueries } from './monitoring-queries';

/** `/credentials`: breaches, combolists and infostealer devices of the company's domains. */
export function CredentialsPage() {
  return (
    <MonitoringQueries>
      <CredentialsScreen slots={findingSlots} />
    </MonitoringQueries>
  );
}

export { CredentialsPage as Component };
