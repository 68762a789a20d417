import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ApiError, type Schemas } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { type ApiTokenScope, TOKEN_SCOPES, useCreateApiToken } from '../api/api-tokens-api';

const EXPIRY_DAYS = [7, 30, 90, 180, 365] as const;

/** The reason a creation failed, as the server gave it for a field, else a general message. */
function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.validation ?? {})[0]?.[0];
    if (first) return first;
  }
  return fallback;
}

/** Name, scopes and lifetime of a new token; `onCreated` gets the answer with the secret. */
export function NewTokenForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: Schemas['CreatedApiToken']) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [days, setDays] = useState<number>(90);
  const toggle = (scope: ApiTokenScope, on: boolean) => {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    // The MCP tools read through the API: mcp brings read with it.
    if (scope === 'mcp' && on) next.add('read');
    if (scope === 'read' && !on) next.delete('mcp');
    setScopes(TOKEN_SCOPES.filter((s) => next.has(s)));
  };
  return (
    <chakra.form
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      aria-label={t('api-tokens.new')}
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ name, scopes, expires_in_days: days }, { onSuccess: onCreated });
      }}
    >
      <Stack gap="4">
        <TextInput
          label={t('api-tokens.name')}
          name="name"
          required
          maxLength={100}
          value={name}
          placeholder={t('api-tokens.namePlaceholder')}
          onValueChange={setName}
        />
        <chakra.fieldset>
          <chakra.legend fontWeight="medium" textStyle="sm" mb="2">
            {t('api-tokens.scopes')}
          </chakra.legend>
          <Stack gap="2">
            {TOKEN_SCOPES.map((scope) => (
              <chakra.label key={scope} display="flex" gap="2" alignItems="flex-start" textStyle="sm">
                <chakra.input
                  type="checkbox"
                  mt="1"
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.currentTarget.checked)}
                />
                <span>
                  <Text as="span" fontWeight="medium">
                    {t(`api-tokens.scope.${scope}`)}
                  </Text>
                  <Text as="span" color="fg.muted">
                    {' '}
                    — {t(`api-tokens.scopeHint.${scope}`)}
                  </Text>
                </span>
              </chakra.label>
            ))}
          </Stack>
        </chakra.fieldset>
        <Stack gap="1.5">
          <Text as="span" fontWeight="medium" textStyle="sm">
            {t('api-tokens.expiry')}
          </Text>
          <SimpleSelect
            label={t('api-tokens.expiry')}
            value={String(days)}
            onChange={(event) => setDays(Number(event.currentTarget.value))}
          >
            {EXPIRY_DAYS.map((d) => (
              <option key={d} value={d}>
                {t('api-tokens.days', { count: d })}
              </option>
            ))}
          </SimpleSelect>
        </Stack>
        <Text textStyle="sm" color="fg.muted">
          {t('api-tokens.roleNote')}
        </Text>
        {create.isError ? (
          <Text role="alert" color="fg.error" textStyle="sm">
            {errorText(create.error, t('api-tokens.failed'))}
          </Text>
        ) : null}
        <HStack gap="2">
          <Button type="submit" size="sm" loading={create.isPending} disabled={scopes.length === 0 || !name.trim()}>
            {t('api-tokens.create')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onCancel}>
            {t('api-tokens.cancel')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
