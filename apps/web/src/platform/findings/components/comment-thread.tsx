import { Button, chakra, Stack, Text, useRecipe } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import { type FindingDetail, useAddComment } from '../api/findings-api';

/** The finding's comments, oldest first, and a box to add one. */
export function CommentThread({
  findingId,
  comments,
  readOnly = false,
}: {
  findingId: number;
  comments: FindingDetail['comments'];
  /** A viewer reads the thread without the form. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const recipe = useRecipe({ key: 'textarea' });
  const add = useAddComment(findingId);
  const [body, setBody] = useState('');
  const id = useId();
  return (
    <Stack gap="3">
      {comments.length === 0 ? <Text color="fg.muted">{t('findings.noComments')}</Text> : null}
      <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
        {comments.map((comment) => (
          <chakra.li key={comment.id} borderWidth="1px" borderRadius="l2" p="2">
            <Text fontSize="xs" color="fg.muted">
              {comment.author?.name ?? t('findings.system')} ·{' '}
              <time dateTime={comment.created_at}>
                {format.date(comment.created_at, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </Text>
            <Text whiteSpace="pre-wrap">{comment.body}</Text>
          </chakra.li>
        ))}
      </Stack>
      {readOnly ? null : (
        <chakra.form
          onSubmit={(event) => {
            event.preventDefault();
            const text = body.trim();
            if (text) add.mutate(text, { onSuccess: () => setBody('') });
          }}
        >
          <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
            {t('findings.addComment')}
          </chakra.label>
          <chakra.textarea
            id={id}
            value={body}
            maxLength={5000}
            rows={3}
            onChange={(event) => setBody(event.currentTarget.value)}
            css={recipe({ size: 'sm', variant: 'outline' })}
          />
          <Button type="submit" size="sm" mt="2" loading={add.isPending} disabled={!body.trim()}>
            {t('findings.postComment')}
          </Button>
        </chakra.form>
      )}
    </Stack>
  );
}
