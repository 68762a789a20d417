import { Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EnabledSwitch, failureLine } from '@/components/ui/enabled-switch';
import { SimpleTable } from '@/components/ui/simple-table';
import {
  type AllowlistEntry,
  type CodeSearchTerm,
  useAllowlistChange,
  useCodeSearchTerms,
  useSecretAllowlist,
  useTermChange,
} from '../api/secrets-api';
import { AddAllowlistDialog, AddTermDialog } from './settings-dialogs';

/** What the code search looks for (the domains always, the terms added here) and what it allows. */
export function SearchSettings({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const terms = useCodeSearchTerms();
  const allowlist = useSecretAllowlist();
  return (
    <Stack gap="8">
      <Stack gap="3" as="section" aria-labelledby="secrets-terms">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" size="md" id="secrets-terms">
            {t('secrets.terms.title')}
          </Heading>
          {canChange ? <AddTermDialog /> : null}
        </HStack>
        {terms.data ? (
          <>
            <Text color="fg.muted">{t('secrets.terms.domainsAlways', { domains: terms.data.domains.join(', ') })}</Text>
            <SimpleTable
              caption={t('secrets.terms.title')}
              headers={[t('secrets.terms.kind'), t('secrets.terms.value'), t('secrets.terms.enabled'), '']}
              empty={t('secrets.terms.none')}
              rows={terms.data.data.map((term) => [
                t(`secrets.terms.kinds.${term.kind}`),
                term.value,
                <TermSwitch key="on" term={term} canChange={canChange} />,
                canChange ? <DeleteTerm key="delete" term={term} /> : null,
              ])}
            />
          </>
        ) : (
          <Skeleton height="16" />
        )}
      </Stack>
      <Stack gap="3" as="section" aria-labelledby="secrets-allowlist">
        <HStack justify="space-between" flexWrap="wrap">
          <Heading as="h2" size="md" id="secrets-allowlist">
            {t('secrets.allowlist.title')}
          </Heading>
          {canChange ? <AddAllowlistDialog /> : null}
        </HStack>
        {allowlist.data ? (
          <SimpleTable
            caption={t('secrets.allowlist.title')}
            headers={[t('secrets.allowlist.kind'), t('secrets.allowlist.value'), t('secrets.allowlist.reason'), '']}
            empty={t('secrets.allowlist.none')}
            rows={allowlist.data.map((entry) => [
              t(`secrets.allowlist.kinds.${entry.kind}`),
              <Text key="value" fontFamily="mono" fontSize="sm" overflowWrap="anywhere">
                {entry.value}
              </Text>,
              entry.reason,
              canChange ? <DeleteAllowed key="delete" entry={entry} /> : null,
            ])}
          />
        ) : (
          <Skeleton height="16" />
        )}
      </Stack>
    </Stack>
  );
}

function TermSwitch({ term, canChange }: { term: CodeSearchTerm; canChange: boolean }) {
  const { t } = useTranslation();
  const { toggle } = useTermChange();
  return (
    <EnabledSwitch
      enabled={term.enabled}
      canChange={canChange}
      label={t('secrets.terms.switchLabel', { value: term.value })}
      stateText={t(term.enabled ? 'secrets.terms.on' : 'secrets.terms.off')}
      change={toggle}
      onChange={(enabled) => toggle.mutate({ id: term.id, enabled })}
      failureText={t('secrets.saveFailed')}
    />
  );
}

function DeleteTerm({ term }: { term: CodeSearchTerm }) {
  const { t } = useTranslation();
  const { remove } = useTermChange();
  return (
    <ConfirmDialog
      label={t('secrets.delete')}
      title={t('secrets.terms.deleteTitle', { value: term.value })}
      message={t('secrets.terms.deleteWarning')}
      confirmLabel={t('secrets.delete')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failureLine(remove.error, t('secrets.saveFailed'))}
      onOpen={remove.reset}
      onConfirm={() => remove.mutateAsync(term.id)}
    />
  );
}

function DeleteAllowed({ entry }: { entry: AllowlistEntry }) {
  const { t } = useTranslation();
  const { remove } = useAllowlistChange();
  return (
    <ConfirmDialog
      label={t('secrets.delete')}
      title={t('secrets.allowlist.deleteTitle', { value: entry.value })}
      message={t('secrets.allowlist.deleteWarning')}
      confirmLabel={t('secrets.delete')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failureLine(remove.error, t('secrets.saveFailed'))}
      onOpen={remove.reset}
      onConfirm={() => remove.mutateAsync(entry.id)}
    />
  );
}
