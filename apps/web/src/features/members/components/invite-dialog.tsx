import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { type Role, useInvite } from '../api/members-api';
import { errorText } from './error-text';

export const ROLES: Role[] = ['administrator', 'analyst', 'viewer'];

/** Invite by e-mail: the address and the role it will have. */
export function InviteDialog() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('analyst');
  const [sent, setSent] = useState<string | null>(null);
  const invite = useInvite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Dialog.Root
      open={open}
      onOpenChange={(event) => {
        setOpen(event.open);
        setSent(null);
        invite.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" colorPalette="blue">
          {t('members.invite.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} aria-label={t('members.invite.title')}>
              <Dialog.Header>
                <Dialog.Title>{t('members.invite.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
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
                  <ErrorAlert message={invite.isError ? errorText(t, invite.error) : null} />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('members.invite.cancel')}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" loading={invite.isPending} disabled={email.trim() === ''}>
                  {t('members.invite.submit')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('members.invite.cancel')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
