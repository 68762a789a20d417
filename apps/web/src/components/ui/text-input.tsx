import { chakra, Text, useRecipe } from '@chakra-ui/react';
import { type InputHTMLAttributes, useId } from 'react';

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
  const errorId = `${inputId}-error`;
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
      <chakra.input
        id={inputId}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        css={recipe({ size: 'md', variant: 'outline' })}
        {...input}
      />
      {error ? (
        <Text id={errorId} textStyle="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </chakra.div>
  );
}
