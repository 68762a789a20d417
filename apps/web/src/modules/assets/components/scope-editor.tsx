import { Button, chakra, HStack, IconButton, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { useFormat } from '@/lib/i18n/format';
import { useAssetScopes, useScopeChange } from '../api/assets-api';
import { ScopeProof, ScopeStatusBadge } from './scope-status';

type ScopeKind = 'domain' | 'netblock';

/**
 * What probes may contact (the company's or one supplier's): domains (with their subdomains) and
 * netblocks, each with its proof of control (probes contact verified entries only, ADR 0041) and,
 * until it is verified, how to prove it. Administrators add, verify and remove entries; the others
 * read them.
 */
export function ScopeEditor({ supplierId, canEdit }: { supplierId: number | null; canEdit: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const scopes = useAssetScopes(supplierId);
  const { add, remove, verify } = useScopeChange();
  const [kind, setKind] = useState<ScopeKind>('domain');
  const [value, setValue] = useState('');
  const entries = scopes.data?.data ?? [];
  const companyDomains = scopes.data?.company_domains ?? [];
  const error = add.error ?? remove.error ?? verify.error;
  const failure = error instanceof ApiError ? error.validationText() || error.serverMessage || error.message : null;
  return (
    <Stack gap="4" data-testid="scope-editor">
      <Text color="fg.muted">{t('assets.scope.help')}</Text>
      {canEdit ? null : <Text fontSize="sm">{t('assets.scope.readOnly')}</Text>}
      {companyDomains.length > 0 ? (
        <Text data-testid="company-domains">
          {t('assets.scope.companyDomains', { domains: companyDomains.join(', ') })}
        </Text>
      ) : null}
      {scopes.isPending ? (
        <Skeleton height="16" />
      ) : entries.length === 0 ? (
        <Text>{t(companyDomains.length > 0 ? 'assets.scope.noneDeclared' : 'assets.scope.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2" bg="bg.panel">
          <Table.Root size="sm">
            <Table.Caption srOnly>{t('assets.scope.caption')}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader scope="col">{t('assets.scope.kind')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('assets.scope.value')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('assets.scope.status')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('assets.scope.proof')}</Table.ColumnHeader>
                <Table.ColumnHeader scope="col">{t('assets.scope.added')}</Table.ColumnHeader>
                {canEdit ? (
                  <Table.ColumnHeader scope="col">
                    <chakra.span srOnly>{t('assets.scope.actions')}</chakra.span>
                  </Table.ColumnHeader>
                ) : null}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((scope) => (
                <Table.Row key={scope.id}>
                  <Table.Cell>{t(`assets.scope.kinds.${scope.kind}`)}</Table.Cell>
                  <Table.Cell>{scope.value}</Table.Cell>
                  <Table.Cell>
                    <ScopeStatusBadge status={scope.status} />
                  </Table.Cell>
                  <Table.Cell maxW="md" whiteSpace="normal">
                    <ScopeProof
                      scope={scope}
                      verification={scopes.data?.verification}
                      canEdit={canEdit}
                      verifying={verify.isPending && verify.variables === scope.id}
                      onVerify={() => verify.mutate(scope.id)}
                    />
                  </Table.Cell>
                  <Table.Cell>{format.date(scope.created_at)}</Table.Cell>
                  {canEdit ? (
                    <Table.Cell textAlign="end">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('assets.scope.remove', { value: scope.value })}
                        loading={remove.isPending && remove.variables === scope.id}
                        onClick={() => remove.mutate(scope.id)}
                      >
                        ✕
                      </IconButton>
                    </Table.Cell>
                  ) : null}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {canEdit ? (
        <chakra.form
          aria-label={t('assets.scope.addLabel')}
          onSubmit={(event) => {
            event.preventDefault();
            const body = { kind, value: value.trim(), ...(supplierId === null ? {} : { supplier_id: supplierId }) };
            add.mutate(body, { onSuccess: () => setValue('') });
          }}
        >
          <HStack gap="2" alignItems="flex-end" flexWrap="wrap">
            <SimpleSelect
              label={t('assets.scope.kind')}
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value === 'netblock' ? 'netblock' : 'domain')}
            >
              <option value="domain">{t('assets.scope.kinds.domain')}</option>
              <option value="netblock">{t('assets.scope.kinds.netblock')}</option>
            </SimpleSelect>
            <TextInput
              label={t('assets.scope.value')}
              name="scope-value"
              value={value}
              onValueChange={setValue}
              placeholder={kind === 'domain' ? 'example.com' : '203.0.113.0/24'}
              maxLength={253}
              required
            />
            <Button type="submit" size="sm" loading={add.isPending}>
              {t('assets.scope.add')}
            </Button>
          </HStack>
        </chakra.form>
      ) : null}
      {verify.data ? (
        <Text role="status" data-testid="scope-verify-result" color={verify.data.verified ? 'fg.success' : 'fg.error'}>
          {verify.data.message}
        </Text>
      ) : null}
      <ErrorAlert message={failure} />
    </Stack>
  );
}
