import { AdvisorScreen } from '@/platform/advisor';
import { MonitoringQueries } from './monitoring-queries';

/** `/cyberadvisor`: the chat over the current company's own records (issue 20). */
export function CyberAdvisorPage() {
  return (
    <MonitoringQueries>
      <AdvisorScreen />
    </MonitoringQueries>
  );
}

export { CyberAdvisorPage as Component };
