import { Alert, Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { useFormat } from '@/lib/i18n/format';
import {
  type Invitation,
  type Member,
  type MemberAction,
  type Role,
  useMemberAction,
  useMemberHistory,
} from '../api/members-api';
import { errorText } from './error-text';
import { ROLES } from './invite-dialog';

type Confirmable = 'deactivate' | 'remove' | 'revoke';

/** Takes access away: asked twice, shown in red. */
const isDestructive = (kind: MemberAction['kind']) => kind === 'remove' || kind === 'revoke' || kind === 'deactivate';

/**
 * The buttons of one row's drawer; a change that takes access away asks to confirm first. The buttons stay
 * while the question is shown: removing the button that holds the focus would drop the focus outside the
 * drawer, which the drawer reads as a click away and closes.
 */
function Actions({ buttons, confirmText }: { buttons: MemberAction[]; confirmText: (kind: Confirmable) => string }) {
  const { t } = useTranslation();
  const action = useMemberAction();
  const [asking, setAsking] = useState<MemberAction | null>(null);
  const request = (a: MemberAction) => (isDestructive(a.kind) ? setAsking(a) : action.mutate(a));
  const confirm = (a: MemberAction) => {
    setAsking(null);
    action.mutate(a);
  };
  return (
    <Stack gap="3">
      <HStack gap="2" flexWrap="wrap">
        {buttons.map((b) => (
          <Button
            key={b.kind}
            size="sm"
            variant={isDestructive(b.kind) ? 'outline' : 'solid'}
            colorPalette={isDestructive(b.kind) ? 'red' : 'blue'}
            loading={action.isPending && action.variables?.kind === b.kind}
            onClick={() => request(b)}
          >
            {t(`members.actions.${b.kind}`)}
          </Button>
        ))}
      </HStack>
      {asking ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{confirmText(asking.kind as Confirmable)}</Alert.Title>
            <HStack mt="2">
              <Button size="sm" colorPalette="red" onClick={() => confirm(asking)}>
                {t('members.actions.confirm')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setAsking(null)}>
                {t('members.actions.cancel')}
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {action.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorText(t, action.error)}</Alert.Title>
        </Alert.Root>
      ) : action.isSuccess ? (
        <Text role="status" fontSize="sm" color="fg.muted">
          {t('members.actions.done')}
        </Text>
      ) : null}
    </Stack>
  );
}

function RolePicker({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>(member.role);
  const action = useMemberAction();
  return (
    <HStack gap="2" align="end">
      <SimpleSelect
        label={t('members.actions.role')}
        value={role}
        onChange={(e) => setRole(e.currentTarget.value as Role)}
      >
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`members.roles.${r}`)}
          </option>
        ))}
      </SimpleSelect>
      <Button
        size="sm"
        disabled={role === member.role}
        loading={action.isPending}
        onClick={() => action.mutate({ kind: 'role', id: member.id, role })}
      >
        {t('members.actions.saveRole')}
      </Button>
      {action.isError ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {errorText(t, action.error)}
        </Text>
      ) : null}
    </HStack>
  );
}

function History({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useMemberHistory(memberId);
  const roleName = (role: string | null) => (role ? t(`members.roles.${role}`, role) : '');
  return (
    <Box as="section" aria-labelledby="member-history">
      <Heading as="h3" size="sm" mb="2" id="member-history">
        {t('members.history.title')}
      </Heading>
      {history.data && history.data.length === 0 ? <Text color="fg.muted">{t('members.history.empty')}</Text> : null}
      <List.Root gap="2" variant="plain" data-testid="member-history">
        {history.data?.map((entry) => (
          <List.Item key={entry.id} display="block">
            <Text fontSize="sm" fontWeight="medium">
              {t(`members.history.events.${entry.event}`, {
                defaultValue: entry.event,
                role: roleName(entry.role),
                from: roleName(entry.from),
              })}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {format.date(entry.at, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
              {entry.by ? t('members.history.by', { name: entry.by.name }) : t('members.history.system')}
            </Text>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}

export function MemberPanel({ member }: { member: Member }) {
  const { t } = useTranslation();
  const id = member.id;
  const buttons: MemberAction[] = [
    ...(member.status === 'awaiting_validation' ? [{ kind: 'activate' as const, id }] : []),
    member.status === 'deactivated' ? { kind: 'reactivate' as const, id } : { kind: 'deactivate' as const, id },
    { kind: 'remove' as const, id },
  ];
  return (
    <Stack gap="6">
      <Text color="fg.muted">{member.email}</Text>
      <Stack as="section" gap="3" aria-label={t('members.actions.title')}>
        <RolePicker key={member.role} member={member} />
        <Actions
          buttons={buttons}
          confirmText={(kind) =>
            t(kind === 'remove' ? 'members.actions.confirmRemove' : 'members.actions.confirmDeactivate', {
              name: member.name,
            })
          }
        />
      </Stack>
      <History memberId={id} />
    </Stack>
  );
}

export function InvitationPanel({ invitation }: { invitation: Invitation }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="4">
      <Text>
        {t(`members.roles.${invitation.role}`)} ·{' '}
        {invitation.expired
          ? t('members.statuses.expired')
          : format.date(invitation.expires_at, { dateStyle: 'medium', timeStyle: 'short' })}
      </Text>
      <Actions
        buttons={[
          { kind: 'resend', id: invitation.id },
          { kind: 'revoke', id: invitation.id },
        ]}
        confirmText={() => t('members.actions.confirmRevoke', { email: invitation.email })}
      />
    </Stack>
  );
}
