import { useState } from 'react';
import type { FieldErrors } from '../utils/validate-form';

/** What a FormField takes from its form: name, value, setter and the zod error (an i18n key). */
export interface FieldBinding {
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** A sign-in form's values and errors; `bind(field)` wires one FormField to them. */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const bind = (field: keyof V & string): FieldBinding => ({
    name: field,
    value: values[field] ?? '',
    onValueChange: (value) => setValues((v) => ({ ...v, [field]: value })),
    error: errors[field],
  });
  return { values, setErrors, bind };
}
