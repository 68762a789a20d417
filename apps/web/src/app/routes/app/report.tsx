import { useCompanies } from '@/identity/auth';
import { type ReportRole, ReportScreen } from '@/platform/reports';
import { MonitoringQueries } from './monitoring-queries';

/** `/report`: the company's PDF reports; what the user may do follows their role in the company. */
export function ReportPage() {
  const { clients, currentId } = useCompanies();
  const role = clients.find((c) => c.idCliente === currentId)?.role as ReportRole;
  return (
    <MonitoringQueries>
      <ReportScreen role={role} />
    </MonitoringQueries>
  );
}

export { ReportPage as Component };
