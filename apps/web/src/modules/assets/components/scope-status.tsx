import { Badge, Button, Code, Stack, Text } from '@chakra-ui/react';
import type { Schemas } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import type { AssetScope } from '../api/assets-api';

const palette: Record<AssetScope['status'], string> = { verified: 'green', unverified: 'gray', lost: 'red' };

/** A scope entry's proof of control: Verified, Unverified or Verification lost. */
export function ScopeStatusBadge({ status }: { status: AssetScope['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={palette[status]} variant="surface" size="sm">
      {t(`assets.scope.states.${status}`)}
    </Badge>
  );
}

/**
 * How to prove an entry not verified yet (a domain: the TXT record or the file; a netblock: its
 * reverse DNS, or an operator's approval), what the last check found, and for an administrator
 * the Verify button.
 */
export function ScopeProof({
  scope,
  verification,
  canEdit,
  verifying,
  onVerify,
}: {
  scope: AssetScope;
  verification: Schemas['ScopeVerification'] | undefined;
  canEdit: boolean;
  verifying: boolean;
  onVerify: () => void;
}) {
  const { t } = useTranslation();
  if (scope.status === 'verified') {
    return scope.method ? <Text fontSize="xs">{t(`assets.scope.methods.${scope.method}`)}</Text> : null;
  }
  return (
    <Stack gap="1" fontSize="xs" data-testid={`scope-proof-${scope.id}`}>
      {scope.kind === 'domain' && verification ? (
        <>
          <Text>
            {t('assets.scope.howTxt', { value: scope.value })} <Code>{verification.txt_value}</Code>
          </Text>
          <Text>
            {t('assets.scope.howFile')}{' '}
            <Code>
              https://{scope.value}
              {verification.file_path}
            </Code>{' '}
            <Code>{verification.file_contents}</Code>
          </Text>
        </>
      ) : (
        <Text>{t('assets.scope.howNetblock')}</Text>
      )}
      {scope.check_note ? (
        <Text color="fg.muted">{t('assets.scope.lastCheck', { note: scope.check_note })}</Text>
      ) : null}
      {canEdit ? (
        <Button
          size="xs"
          variant="outline"
          alignSelf="flex-start"
          loading={verifying}
          aria-label={t('assets.scope.verifyLabel', { value: scope.value })}
          onClick={onVerify}
        >
          {t('assets.scope.verify')}
        </Button>
      ) : null}
    </Stack>
  );
}
