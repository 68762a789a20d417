import type { AssigneeChoices, FindingSlots } from '@/components/data-table';
import { useSession } from '@/features/auth';
import { BulkStatusActions, FindingPanel, useAssignees } from '@/features/findings';
import { ImportDialog } from '@/features/imports';

/** The company's members (the findings feature) and the signed-in user (the auth feature), for the assignee filter. */
function useAssigneeChoices(): AssigneeChoices {
  const members = useAssignees();
  const { user } = useSession();
  return { currentUserId: user?.id ?? null, members: members.data ?? [] };
}

/** What the monitoring screens borrow from the findings, imports and auth features (composed here, in app/). */
export const findingSlots: FindingSlots = {
  renderFinding: (findingId) => <FindingPanel key={findingId} findingId={findingId} />,
  renderBulkActions: (ids, onDone) => <BulkStatusActions ids={ids} onDone={onDone} />,
  renderImport: (kinds) => <ImportDialog kinds={kinds} />,
  useAssignees: useAssigneeChoices,
};
