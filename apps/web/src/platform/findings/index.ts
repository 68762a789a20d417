// Triage shared by every module's findings; composed into the screens by src/app/.

export { useAssignees } from './api/findings-api';
export { BulkStatusActions } from './components/bulk-status-actions';
export { FindingPanel } from './components/finding-panel';
export { StatusMenu } from './components/status-menu';
