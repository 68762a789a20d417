import type { AssigneeChoices, FindingSlots, ImportSupplier } from '@/components/data-table';
import { useCompanies, useSession } from '@/identity/auth';
import { BulkStatusActions, FindingPanel, useAssignees } from '@/platform/findings';
import { ImportDialog } from '@/platform/imports';

/** The company's members (the findings feature) and the signed-in user (the auth feature), for the assignee filter. */
function useAssigneeChoices(): AssigneeChoices {
  const members = useAssignees();
  const { user } = useSession();
  return { currentUserId: user?.id ?? null, members: members.data ?? [] };
}

function useRole() {
  const { clients, currentId } = useCompanies();
  return clients.find((c) => c.idCliente === currentId)?.role;
}

/** Viewers read and export; administrators and analysts change (the server checks every call). */
function useCanChange(): boolean {
  return useRole() !== 'viewer';
}

function useIsAdministrator(): boolean {
  return useRole() === 'administrator';
}

function FindingPanelForRole({ findingId }: { findingId: number }) {
  return <FindingPanel findingId={findingId} readOnly={!useCanChange()} />;
}

function BulkActionsForRole({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  return useCanChange() ? <BulkStatusActions ids={ids} onDone={onDone} /> : null;
}

/**
 * The import button of a module, for those who may change things: the formats come from the server
 * (the platform's catalogue kinds to operators alone); a module with none gets no button.
 */
function ImportButton({ module, suppliers }: { module: string; suppliers: ImportSupplier[] | undefined }) {
  return useCanChange() ? <ImportDialog module={module} suppliers={suppliers} /> : null;
}

/** What the monitoring screens borrow from the findings, imports and auth features (composed here, in app/). */
export const findingSlots: FindingSlots = {
  renderFinding: (findingId) => <FindingPanelForRole key={findingId} findingId={findingId} />,
  renderBulkActions: (ids, onDone) => <BulkActionsForRole ids={ids} onDone={onDone} />,
  renderImport: (module, suppliers) => <ImportButton module={module} suppliers={suppliers} />,
  useAssignees: useAssigneeChoices,
  useCanChange,
  useIsAdministrator,
};
