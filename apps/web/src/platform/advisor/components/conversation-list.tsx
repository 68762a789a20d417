import { Box, Button, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useFormat } from '@/lib/i18n/format';
import { useConversations } from '../api/advisor-api';

/** The user's conversations in this company, newest first; the open one marked as the current page. */
export function ConversationList({ current }: { current: number | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const conversations = useConversations();
  return (
    <Box as="nav" aria-labelledby="advisor-conversations" data-testid="advisor-conversations">
      <Text id="advisor-conversations" fontWeight="semibold" mb="2">
        {t('advisor.conversations')}
      </Text>
      <Button asChild size="sm" variant="outline" width="full" mb="3">
        <RouterLink to={{ search: '' }}>{t('advisor.newConversation')}</RouterLink>
      </Button>
      {conversations.isPending ? <Skeleton height="12" /> : null}
      {conversations.data?.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('advisor.noConversations')}
        </Text>
      ) : null}
      <Stack as="ul" gap="1" listStyleType="none" m="0" p="0" maxH={{ base: '40', lg: '70vh' }} overflowY="auto">
        {conversations.data?.map((conversation) => {
          const open = conversation.id === current;
          return (
            <Box as="li" key={conversation.id} borderRadius="l2" bg={open ? 'bg.emphasized' : undefined} px="2" py="1">
              <Link asChild fontSize="sm" fontWeight={open ? 'semibold' : undefined} lineClamp={2}>
                <RouterLink to={{ search: `?c=${conversation.id}` }} aria-current={open ? 'page' : undefined}>
                  {conversation.title}
                </RouterLink>
              </Link>
              <Text fontSize="xs" color="fg.muted">
                {format.date(conversation.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}
              </Text>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
