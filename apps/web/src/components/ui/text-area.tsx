import { chakra, useRecipe } from '@chakra-ui/react';
import { type TextareaHTMLAttributes, useId } from 'react';
import { FieldFrame } from './text-input';

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The field's validation error, already translated. */
  error?: string | undefined;
}

/** TextInput's multi-line sibling, styled by Chakra's textarea recipe. */
export function TextArea({ label, value, onValueChange, error, required, id, rows = 3, ...textarea }: TextAreaProps) {
  const recipe = useRecipe({ key: 'textarea' });
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame label={label} inputId={inputId} required={required} error={error}>
      <chakra.textarea
        id={inputId}
        value={value}
        required={required}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        css={recipe({ size: 'md', variant: 'outline' })}
        {...textarea}
      />
    </FieldFrame>
  );
}
