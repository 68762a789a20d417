import { Button, HStack } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/ui/error-alert';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextArea } from '@/components/ui/text-area';
import { type AuthorisationInput, type ScriptDetail, useSetAuthorisation } from './scripts-api';

type Decision = AuthorisationInput['decision'];

/**
 * The decisions on a script (administrators and analysts): authorise with a written justification,
 * for its current hash or (an external script) for its host; deny with a reason; or back to pending.
 */
export function AuthorisationActions({ script }: { script: ScriptDetail }) {
  const { t } = useTranslation();
  const set = useSetAuthorisation(script.id);
  const failure = set.error instanceof ApiError ? set.error.validationText() || set.error.serverMessage : null;
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="authorisation-actions">
      <DecisionDialog script={script} decision="authorised" />
      <DecisionDialog script={script} decision="denied" />
      {script.authorisation !== 'pending' ? (
        <Button
          size="sm"
          variant="ghost"
          loading={set.isPending}
          onClick={() => set.mutate({ decision: 'pending', by: 'hash' })}
        >
          {t('scripts.manager.resetPending')}
        </Button>
      ) : null}
      <ErrorAlert message={failure} />
    </HStack>
  );
}

/** Authorise (justification required, by hash or host) or deny (a reason, optional) in a dialog. */
function DecisionDialog({ script, decision }: { script: ScriptDetail; decision: Exclude<Decision, 'pending'> }) {
  const { t } = useTranslation();
  const set = useSetAuthorisation(script.id);
  const [justification, setJustification] = useState('');
  const [by, setBy] = useState<'hash' | 'host'>('hash');
  const authorising = decision === 'authorised';
  const byHost = script.kind === 'external' && script.host !== null;
  const failure = set.error instanceof ApiError ? set.error.validationText() || set.error.serverMessage : null;
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant={authorising ? 'solid' : 'outline'} colorPalette={authorising ? 'blue' : 'red'}>
          {t(authorising ? 'scripts.manager.authorise' : 'scripts.manager.deny')}
        </Button>
      }
      title={t(authorising ? 'scripts.manager.authoriseTitle' : 'scripts.manager.denyTitle')}
      submitLabel={t(authorising ? 'scripts.manager.authorise' : 'scripts.manager.deny')}
      onSubmit={(close) =>
        set.mutate(
          {
            decision,
            justification: justification.trim() || null,
            by: authorising ? by : 'hash',
          },
          { onSuccess: close },
        )
      }
      pending={set.isPending}
      error={failure}
      submitDisabled={authorising && justification.trim() === ''}
      onOpen={() => {
        setJustification(script.justification ?? '');
        setBy(script.authorised_by ?? 'hash');
        set.reset();
      }}
      testId={`${decision}-dialog`}
    >
      <TextArea
        label={t(authorising ? 'scripts.manager.justification' : 'scripts.manager.reason')}
        name="justification"
        value={justification}
        onValueChange={setJustification}
        required={authorising}
        maxLength={2000}
      />
      {authorising ? (
        <SimpleSelect
          label={t('scripts.manager.authoriseFor')}
          value={by}
          onChange={(event) => setBy(event.currentTarget.value === 'host' ? 'host' : 'hash')}
          width="full"
        >
          <option value="hash">{t('scripts.manager.byHash', { hash: script.sha256.slice(0, 12) })}</option>
          {byHost ? <option value="host">{t('scripts.manager.byHost', { host: script.host })}</option> : null}
        </SimpleSelect>
      ) : null}
    </FormDialog>
  );
}
