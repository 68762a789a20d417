import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '@/components/ui/text-input';

/** A sign-in form field; `error` is an i18n key from the zod schema. */
export function FormField({ error, ...props }: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput {...props} error={error ? t(error) : undefined} />;
}
