import { Field, Input, type InputProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface FormFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  /** i18n key of the field's validation error. */
  error?: string | undefined;
}

/** A labelled input whose validation error is tied to it (aria-invalid, aria-describedby). */
export function FormField({ label, name, value, onValueChange, error, required, ...input }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input name={name} value={value} onChange={(event) => onValueChange(event.currentTarget.value)} {...input} />
      {error ? <Field.ErrorText>{t(error)}</Field.ErrorText> : null}
    </Field.Root>
  );
}
