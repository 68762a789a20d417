import { Button, Stack } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { useChangePassword } from '../api/account-api';
import { translateServerMessage } from '../server-messages';
import { AccountSection, StatusLine } from './section';

const empty = { current_password: '', password: '', password_confirmation: '' };
type Field = keyof typeof empty;

/** Password change: the current one, then the new one twice. Every other session ends on success. */
export function PasswordSection() {
  const { t } = useTranslation();
  const [form, setForm] = useState(empty);
  const change = useChangePassword();
  const problem = change.error instanceof ApiError ? change.error : null;
  const fieldError = (field: Field) => {
    const message = problem?.validation?.[field]?.[0];
    return message ? translateServerMessage(t, message) : undefined;
  };
  const bind = (field: Field) => ({
    name: field,
    value: form[field],
    onValueChange: (value: string) => setForm((previous) => ({ ...previous, [field]: value })),
    error: fieldError(field),
    type: 'password',
    required: true,
    maxLength: 256,
  });
  return (
    <AccountSection id="password" title={t('account.password.title')} description={t('account.password.hint')}>
      <Stack
        as="form"
        gap="4"
        maxW="md"
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(form, { onSuccess: () => setForm(empty) });
        }}
      >
        <TextInput
          label={t('account.password.current')}
          autoComplete="current-password"
          {...bind('current_password')}
        />
        <TextInput label={t('account.password.new')} autoComplete="new-password" {...bind('password')} />
        <TextInput
          label={t('account.password.confirm')}
          autoComplete="new-password"
          {...bind('password_confirmation')}
        />
        <div>
          <Button type="submit" loading={change.isPending}>
            {t('account.password.submit')}
          </Button>
        </div>
        {change.isSuccess ? (
          <StatusLine tone="ok">{t('account.password.changed', { count: change.data.revoked_sessions })}</StatusLine>
        ) : null}
        {problem && !problem.validation ? (
          <StatusLine tone="error">
            {problem.status === 429 ? t('account.errors.tooMany') : translateServerMessage(t, problem.serverMessage)}
          </StatusLine>
        ) : null}
      </Stack>
    </AccountSection>
  );
}
