import { Alert, Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { type Role, useInvite } from '../api/members-api';
import { errorText } from './error-text';

export const ROLES: Role[] = ['administrator', 'analyst', 'viewer'];

/** Invite by e-mail: the address and the role it will have. */
export function InviteDialog() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('analyst');
  const [sent, setSent] = useState<string | null>(null);
  const invite = useInvite();
  const reset = () => {
    setSent(null);
    invite.reset();
  };
  // Invitations go one after another: the dialog stays open and says who was invited.
  const submit = () => {
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          setSent(email.trim());
          setEmail('');
        },
      },
    );
  };
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {t('members.invite.open')}
        </Button>
      }
      title={t('members.invite.title')}
      submitLabel={t('members.invite.submit')}
      onSubmit={submit}
      pending={invite.isPending}
      error={invite.isError ? errorText(t, invite.error) : null}
      submitDisabled={email.trim() === ''}
      onOpen={reset}
      onClose={reset}
    >
      <Text fontSize="sm" color="fg.muted">
        {t('members.invite.description')}
      </Text>
      <TextInput
        label={t('members.invite.email')}
        name="email"
        type="email"
        required
        maxLength={254}
        value={email}
        onValueChange={setEmail}
      />
      <SimpleSelect
        label={t('members.invite.role')}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as Role)}
        width="full"
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`members.roles.${r}`)}
          </option>
        ))}
      </SimpleSelect>
      {sent ? (
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t('members.invite.sent', { email: sent })}</Alert.Title>
        </Alert.Root>
      ) : null}
    </FormDialog>
  );
}
