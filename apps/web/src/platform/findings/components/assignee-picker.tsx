import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useAssignees } from '../api/findings-api';

export interface AssigneePickerProps {
  value: number | null;
  onChange: (assigneeId: number | null) => void;
  disabled?: boolean;
}

/** Assigns a finding to a member of the current company (or nobody). */
export function AssigneePicker({ value, onChange, disabled }: AssigneePickerProps) {
  const { t } = useTranslation();
  const members = useAssignees();
  return (
    <SimpleSelect
      label={t('findings.assignee')}
      value={value === null ? '' : String(value)}
      disabled={disabled || members.isPending}
      onChange={(event) => onChange(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
      width={{ base: 'full', md: '64' }}
    >
      <option value="">{t('findings.unassigned')}</option>
      {(members.data ?? []).map((member) => (
        <option key={member.id} value={member.id}>
          {member.name}
        </option>
      ))}
    </SimpleSelect>
  );
}
