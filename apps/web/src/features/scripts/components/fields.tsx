// The labelled select and text area of the script screens' forms (TextInput is the shared input).
import { chakra, Stack, Text, useRecipe } from '@chakra-ui/react';
import { type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { SimpleSelect } from '@/components/ui/simple-select';

function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <chakra.label htmlFor={htmlFor} fontWeight="medium" textStyle="sm">
      {children}
    </chakra.label>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <Text id={id} textStyle="xs" color="fg.error">
      {error}
    </Text>
  ) : null;
}

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
    <Stack gap="1.5">
      <Label htmlFor={id}>{label}</Label>
      <SimpleSelect
        id={id}
        label={label}
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        width="full"
      >
        {children}
      </SimpleSelect>
    </Stack>
  );
}

/** A labelled text area (monospace for code), its error tied to it. */
export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  mono = false,
  ...textarea
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  mono?: boolean;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>) {
  const recipe = useRecipe({ key: 'textarea' });
  const id = useId();
  return (
    <Stack gap="1.5">
      <Label htmlFor={id}>{label}</Label>
      <chakra.textarea
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        css={recipe({ size: 'md', variant: 'outline' })}
        fontFamily={mono ? 'mono' : undefined}
        fontSize={mono ? 'xs' : undefined}
        spellCheck={mono ? false : undefined}
        {...textarea}
      />
      <FieldError id={`${id}-error`} error={error} />
    </Stack>
  );
}
