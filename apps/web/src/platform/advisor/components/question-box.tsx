import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextArea } from '@/components/ui/text-area';
import { QUESTION_MAX } from '../api/advisor-api';

export interface QuestionBoxProps {
  busy: boolean;
  onAsk: (question: string) => void;
  onStop: () => void;
}

/** The question field: Enter asks, Shift+Enter starts a new line; Stop while an answer streams. */
export function QuestionBox({ busy, onAsk, onStop }: QuestionBoxProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const question = text.trim();
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || question === '') return;
    onAsk(question);
    setText('');
  };
  return (
    <Stack as="form" gap="2" onSubmit={submit} data-testid="advisor-form">
      <TextArea
        label={t('advisor.question')}
        name="question"
        rows={2}
        maxLength={QUESTION_MAX}
        placeholder={t('advisor.placeholder')}
        value={text}
        onValueChange={setText}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
        }}
      />
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontSize="xs" color="fg.muted">
          {t('advisor.askHint')}
        </Text>
        {busy ? (
          <Button type="button" variant="outline" size="sm" onClick={onStop}>
            {t('advisor.stop')}
          </Button>
        ) : (
          <Button type="submit" size="sm" disabled={question === ''}>
            {t('advisor.ask')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
