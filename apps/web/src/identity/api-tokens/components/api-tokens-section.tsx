import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import type { Schemas } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection, StatusLine } from '@/components/ui/settings-section';
import { useFormat } from '@/lib/i18n/format';
import { type ApiToken, type TokenOwner, useApiTokens, useRevokeApiToken } from '../api/api-tokens-api';
import { NewTokenForm } from './new-token-form';
import { TokenOnce } from './token-once';

const STATUS_COLOUR = { active: 'green', expired: 'gray', revoked: 'red' } as const;

function TokenRow({ token, owner }: { token: ApiToken; owner: TokenOwner }) {
  const { t } = useTranslation();
  const format = useFormat();
  const revoke = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);
  const when = (value: string) => format.date(value, { dateStyle: 'medium' });
  return (
    <Table.Row data-status={token.status}>
      <Table.Cell>
        <Text fontWeight="medium">{token.name}</Text>
        <Text textStyle="xs" color="fg.muted" fontFamily="mono">
          {token.hint}
        </Text>
      </Table.Cell>
      {owner === 'company' ? <Table.Cell>{token.owner.name}</Table.Cell> : null}
      <Table.Cell>
        <HStack gap="1" flexWrap="wrap">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="outline">
              {t(`api-tokens.scope.${scope}`)}
            </Badge>
          ))}
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Badge colorPalette={STATUS_COLOUR[token.status]}>{t(`api-tokens.status.${token.status}`)}</Badge>
        <Text textStyle="xs" color="fg.muted">
          {t(token.status === 'active' ? 'api-tokens.expires' : 'api-tokens.ended', {
            date: when(token.revoked_at ?? token.expires_at),
          })}
        </Text>
      </Table.Cell>
      <Table.Cell>
        {token.last_used_at ? (
          <>
            <Text>{format.date(token.last_used_at, { dateStyle: 'medium', timeStyle: 'short' })}</Text>
            <Text textStyle="xs" color="fg.muted">
              {token.last_used_ip}
            </Text>
          </>
        ) : (
          <Text color="fg.muted">{t('api-tokens.never')}</Text>
        )}
      </Table.Cell>
      <Table.Cell>
        {token.status !== 'active' ? null : confirming ? (
          <Button size="xs" colorPalette="red" loading={revoke.isPending} onClick={() => revoke.mutate(token.id)}>
            {t('api-tokens.confirmRevoke')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            aria-label={t('api-tokens.revokeOne', { name: token.name })}
            onClick={() => setConfirming(true)}
          >
            {t('api-tokens.revoke')}
          </Button>
        )}
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * API tokens for integrations: the member's own (`me`, in account settings; they create them here)
 * or every member's of the company (`company`, on the user list, for administrators to review and
 * revoke).
 */
export function ApiTokensSection({ owner }: { owner: TokenOwner }) {
  const { t } = useTranslation();
  const tokens = useApiTokens(owner);
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<Schemas['CreatedApiToken'] | null>(null);
  const rows = tokens.data ?? [];
  const id = owner === 'me' ? 'api-tokens' : 'company-api-tokens';
  return (
    <SettingsSection
      id={id}
      title={t(owner === 'me' ? 'api-tokens.title' : 'api-tokens.companyTitle')}
      description={t(owner === 'me' ? 'api-tokens.intro' : 'api-tokens.companyIntro')}
    >
      {created ? <TokenOnce created={created} onClose={() => setCreated(null)} /> : null}
      {tokens.isError ? <StatusLine tone="error">{t('api-tokens.failed')}</StatusLine> : null}
      {tokens.isSuccess && rows.length === 0 ? <Text color="fg.muted">{t('api-tokens.empty')}</Text> : null}
      {rows.length > 0 ? (
        <Table.ScrollArea tabIndex={0} role="region" aria-label={t('api-tokens.title')} my="3">
          <Table.Root size="sm" data-testid={`${id}-table`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('api-tokens.name')}</Table.ColumnHeader>
                {owner === 'company' ? <Table.ColumnHeader>{t('api-tokens.owner')}</Table.ColumnHeader> : null}
                <Table.ColumnHeader>{t('api-tokens.scopes')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('api-tokens.statusHeader')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('api-tokens.lastUsed')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t('api-tokens.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((token) => (
                <TokenRow key={token.id} token={token} owner={owner} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {owner === 'me' ? (
        adding ? (
          <NewTokenForm
            onCreated={(answer) => {
              setCreated(answer);
              setAdding(false);
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Button size="sm" variant="outline" mt="3" onClick={() => setAdding(true)}>
            {t('api-tokens.new')}
          </Button>
        )
      ) : null}
    </SettingsSection>
  );
}
