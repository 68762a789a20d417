import { chakra, Text, useRecipe } from '@chakra-ui/react';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The field's validation error, already translated. */
  error?: string | undefined;
}

/**
 * A labelled input whose error is tied to it (aria-invalid, aria-describedby), styled by Chakra's
 * input recipe. Plain elements, no field state machine: it is on the sign-in page's first load.
 */
export function TextInput({ label, name, value, onValueChange, error, required, id, ...input }: TextInputProps) {
  const recipe = useRecipe({ key: 'input' });
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame label={label} inputId={inputId} required={required} error={error}>
      <chakra.input
        id={inputId}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        css={recipe({ size: 'md', variant: 'outline' })}
        {...input}
      />
    </FieldFrame>
  );
}

/** A field's label (with the required mark) above it, and its error below, tied by `${inputId}-error`. */
export function FieldFrame({
  label,
  inputId,
  required,
  error,
  children,
}: {
  label: string;
  inputId: string;
  required?: boolean | undefined;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <chakra.div display="flex" flexDirection="column" gap="1.5">
      <chakra.label htmlFor={inputId} fontWeight="medium" textStyle="sm">
        {label}
        {required ? (
          <chakra.span color="fg.error" ms="1" aria-hidden="true">
            *
          </chakra.span>
        ) : null}
      </chakra.label>
      {children}
      {error ? (
        <Text id={`${inputId}-error`} textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </chakra.div>
  );
}
