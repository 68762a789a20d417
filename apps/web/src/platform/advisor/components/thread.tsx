import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AdvisorMessage } from '../api/advisor-api';
import type { LiveTurn } from '../api/use-ask';
import { AnswerView, QuestionView } from './message-view';

export interface ThreadProps {
  /** The stored messages to show, oldest first. */
  messages: readonly AdvisorMessage[];
  /** The question being answered (or just answered, until the stored messages hold it). */
  live: LiveTurn | null;
}

/** The conversation: each question and its answer; the live answer grows as its events stream in. */
export function Thread({ messages, live }: ThreadProps) {
  const { t } = useTranslation();
  if (messages.length === 0 && !live) return null;
  return (
    <Stack role="log" aria-label={t('advisor.thread')} aria-busy={live?.streaming ?? false} gap="3">
      {messages.map((message) =>
        message.role === 'user' ? (
          <QuestionView key={message.id} text={message.content} />
        ) : (
          <AnswerView
            key={message.id}
            content={message.content}
            records={message.records}
            steps={message.toolCalls}
            error={message.error}
          />
        ),
      )}
      {live ? (
        <>
          <QuestionView text={live.question} />
          <AnswerView
            content={live.text}
            records={live.records}
            steps={live.steps}
            error={live.error}
            failure={live.failure ? t(`advisor.failures.${live.failure}`) : null}
            streaming={live.streaming}
          />
        </>
      ) : null}
    </Stack>
  );
}
