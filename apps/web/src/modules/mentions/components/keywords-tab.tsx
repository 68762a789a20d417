import { Alert, Button, Heading, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EnabledSwitch, failureLine } from '@/components/ui/enabled-switch';
import { FormDialog } from '@/components/ui/form-dialog';
import { SimpleSelect } from '@/components/ui/simple-select';
import { SimpleTable } from '@/components/ui/simple-table';
import { FieldFrame, TextInput } from '@/components/ui/text-input';
import {
  KEYWORD_CLASSES,
  type KeywordClass,
  type MentionKeyword,
  useKeywordChange,
  useMentionKeywords,
} from '../api/mentions-api';

/** The company's keyword watch list: what a mention must name to be one of its findings. */
export function KeywordsTab({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const keywords = useMentionKeywords();
  return (
    <Stack gap="3" as="section" aria-labelledby="mention-keywords">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h2" size="md" id="mention-keywords">
          {t('mentions.watch.title')}
        </Heading>
        {canChange ? <AddKeywordDialog /> : null}
      </HStack>
      <Text color="fg.muted">{t('mentions.watch.description')}</Text>
      {keywords.data?.rematching ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('mentions.watch.rematching')}</Alert.Title>
        </Alert.Root>
      ) : null}
      {keywords.data ? (
        <SimpleTable
          caption={t('mentions.watch.title')}
          headers={[
            t('mentions.watch.class'),
            t('mentions.watch.term'),
            t('mentions.watch.enabled'),
            t('mentions.watch.mentions'),
            t('mentions.watch.createdBy'),
            '',
          ]}
          empty={t('mentions.watch.none')}
          rows={keywords.data.data.map((keyword) => [
            t(`mentions.classes.${keyword.class}`),
            <Text key="term" overflowWrap="anywhere">
              {keyword.term}
            </Text>,
            <KeywordSwitch key="on" keyword={keyword} canChange={canChange} />,
            <Link key="count" asChild colorPalette="blue">
              <RouterLink to={`/restrictedenvironment?keyword_id=${keyword.id}`}>
                {t('mentions.watch.mentionCount', { count: keyword.mentions })}
              </RouterLink>
            </Link>,
            keyword.created_by?.name ?? t('mentions.watch.system'),
            canChange ? <DeleteKeyword key="delete" keyword={keyword} /> : null,
          ])}
        />
      ) : (
        <Skeleton height="16" />
      )}
    </Stack>
  );
}

function KeywordSwitch({ keyword, canChange }: { keyword: MentionKeyword; canChange: boolean }) {
  const { t } = useTranslation();
  const { toggle } = useKeywordChange();
  return (
    <EnabledSwitch
      enabled={keyword.enabled}
      canChange={canChange}
      label={t('mentions.watch.switchLabel', { term: keyword.term })}
      stateText={t(keyword.enabled ? 'mentions.watch.on' : 'mentions.watch.off')}
      change={toggle}
      onChange={(enabled) => toggle.mutate({ id: keyword.id, enabled })}
      failureText={t('mentions.saveFailed')}
    />
  );
}

function DeleteKeyword({ keyword }: { keyword: MentionKeyword }) {
  const { t } = useTranslation();
  const { remove } = useKeywordChange();
  return (
    <ConfirmDialog
      label={t('mentions.watch.delete')}
      title={t('mentions.watch.deleteTitle', { term: keyword.term })}
      message={t('mentions.watch.deleteWarning')}
      confirmLabel={t('mentions.watch.delete')}
      cancelLabel={t('common.cancel')}
      pending={remove.isPending}
      error={failureLine(remove.error, t('mentions.saveFailed'))}
      onOpen={remove.reset}
      onConfirm={() => remove.mutateAsync(keyword.id)}
    />
  );
}

/** "Add keyword": its class (which decides how it is matched) and the term; the server's 422 under the term. */
function AddKeywordDialog() {
  const { t } = useTranslation();
  const { create } = useKeywordChange();
  const classId = useId();
  const [keywordClass, setKeywordClass] = useState<KeywordClass>('brand');
  const [term, setTerm] = useState('');
  const termError =
    create.error instanceof ApiError ? create.error.validation?.term?.join(' ') || undefined : undefined;
  return (
    <FormDialog
      trigger={
        <Button size="sm" colorPalette="blue">
          {t('mentions.watch.add')}
        </Button>
      }
      title={t('mentions.watch.add')}
      submitLabel={t('mentions.watch.save')}
      onSubmit={(close) => create.mutate({ class: keywordClass, term: term.trim() }, { onSuccess: close })}
      pending={create.isPending}
      error={termError ? null : failureLine(create.error, t('mentions.saveFailed'))}
      onOpen={() => {
        setTerm('');
        create.reset();
      }}
      testId="mentions-keyword-dialog"
    >
      <FieldFrame label={t('mentions.watch.class')} inputId={classId}>
        <SimpleSelect
          id={classId}
          label={t('mentions.watch.class')}
          value={keywordClass}
          onChange={(e) => setKeywordClass(KEYWORD_CLASSES.find((c) => c === e.currentTarget.value) ?? 'other')}
          width="full"
        >
          {KEYWORD_CLASSES.map((c) => (
            <option key={c} value={c}>
              {t(`mentions.classes.${c}`)}
            </option>
          ))}
        </SimpleSelect>
      </FieldFrame>
      <Text fontSize="sm" color="fg.muted">
        {t(`mentions.watch.hints.${keywordClass}`)}
      </Text>
      <TextInput
        label={t('mentions.watch.term')}
        name="term"
        value={term}
        onValueChange={setTerm}
        error={termError}
        required
        maxLength={100}
      />
    </FormDialog>
  );
}
