import type { FindingSlots } from '@/components/data-table';
import { BulkStatusActions, FindingPanel } from '@/features/findings';
import { ImportDialog } from '@/features/imports';

/** What the monitoring screens borrow from the findings and imports features (composed here, in app/). */
export const findingSlots: FindingSlots = {
  renderFinding: (findingId) => <FindingPanel key={findingId} findingId={findingId} />,
  renderBulkActions: (ids, onDone) => <BulkStatusActions ids={ids} onDone={onDone} />,
  renderImport: (kinds) => <ImportDialog kinds={kinds} />,
};
