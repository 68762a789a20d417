// The script screens' form pieces beside the shared TextInput and TextArea: a select with its label
// shown, and the style of a text area that holds code.
import { type CSSProperties, type ReactNode, useId } from 'react';
import { SimpleSelect } from '@/components/ui/simple-select';
import { FieldFrame } from '@/components/ui/text-input';

/** A native select with its label shown above it. */
export function SelectField({
  label,
  value,
  onValueChange,
  children,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <FieldFrame label={label} inputId={id}>
      <SimpleSelect
        id={id}
        label={label}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        width="full"
      >
        {children}
      </SimpleSelect>
    </FieldFrame>
  );
}

/** A text area holding code (a rule's JSON, a pasted script): monospace, small, not spell-checked. */
export const codeArea: { style: CSSProperties; spellCheck: false } = {
  style: { fontFamily: 'var(--chakra-fonts-mono)', fontSize: 'var(--chakra-font-sizes-xs)' },
  spellCheck: false,
};
