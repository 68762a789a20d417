import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import { type AccountSession, useAccountSessions, useRevokeSession } from '../api/account-api';
import { AccountSection, StatusLine } from './section';

function Device({ session }: { session: AccountSession }) {
  const { t } = useTranslation();
  const parts = [session.browser, session.os].filter(Boolean).join(' · ');
  return (
    <Stack gap="0.5">
      <HStack gap="2">
        <Text fontWeight="medium">{parts || t('account.sessions.unknownDevice')}</Text>
        {session.current ? <Badge colorPalette="green">{t('account.sessions.thisDevice')}</Badge> : null}
      </HStack>
      {session.device_type ? (
        <Text textStyle="xs" color="fg.muted">
          {t(`account.sessions.type.${session.device_type}`, session.device_type)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The user's open sessions: device, address, method, dates; revoke one, or all but this one. */
export function SessionsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const sessions = useAccountSessions();
  const revoke = useRevokeSession();
  const when = (value: string) => format.date(value, { dateStyle: 'medium', timeStyle: 'short' });
  const rows = sessions.data ?? [];
  const others = rows.filter((s) => !s.current).length;
  return (
    <AccountSection id="sessions" title={t('account.sessions.title')} description={t('account.sessions.hint')}>
      {sessions.isError ? <StatusLine tone="error">{t('account.errors.failed')}</StatusLine> : null}
      {sessions.isPending ? <Text color="fg.muted">{t('account.loading')}</Text> : null}
      {rows.length > 0 ? (
        // On a phone the table scrolls sideways: with only this session there is no button inside
        // to reach it by keyboard, so the scrolling area itself takes the focus (named for it).
        <Table.ScrollArea tabIndex={0} role="region" aria-label={t('account.sessions.title')}>
          <Table.Root size="sm" data-testid="sessions-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('account.sessions.device')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('account.sessions.ip')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('account.sessions.method')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('account.sessions.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('account.sessions.lastActivity')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t('account.sessions.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((session) => (
                <Table.Row key={session.id} data-current={session.current || undefined}>
                  <Table.Cell>
                    <Device session={session} />
                  </Table.Cell>
                  <Table.Cell>{session.ip ?? '—'}</Table.Cell>
                  <Table.Cell>{t(`account.sessions.methods.${session.method}`, session.method)}</Table.Cell>
                  <Table.Cell>{when(session.created_at)}</Table.Cell>
                  <Table.Cell>{when(session.last_activity_at)}</Table.Cell>
                  <Table.Cell>
                    {session.current ? null : (
                      <Button
                        size="xs"
                        variant="outline"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(session.id)}
                        aria-label={t('account.sessions.revokeOne', {
                          device: session.browser ?? t('account.sessions.unknownDevice'),
                        })}
                      >
                        {t('account.sessions.revoke')}
                      </Button>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      <HStack mt="4">
        <Button
          size="sm"
          variant="outline"
          disabled={others === 0 || revoke.isPending}
          onClick={() => revoke.mutate('others')}
        >
          {t('account.sessions.revokeOthers')}
        </Button>
      </HStack>
      {revoke.isError ? <StatusLine tone="error">{t('account.errors.failed')}</StatusLine> : null}
    </AccountSection>
  );
}
