import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '@/components/ui/text-input';
import type { FieldBinding } from '../hooks/use-form-values';

/** A sign-in form field; `error` is an i18n key from the zod schema. */
export function FormField({ error, ...props }: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput {...props} error={error ? t(error) : undefined} />;
}

/** A new password and its confirmation (registration and password reset). */
export function NewPasswordFields({
  bind,
  labels,
}: {
  bind: (field: 'password' | 'password_confirmation') => FieldBinding;
  labels: { password: string; confirmation: string };
}) {
  return (
    <>
      <FormField label={labels.password} type="password" autoComplete="new-password" required {...bind('password')} />
      <FormField
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        required
        {...bind('password_confirmation')}
      />
    </>
  );
}
