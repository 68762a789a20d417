import { HStack, Link, Text } from '@chakra-ui/react';
import type { Schemas } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { httpUrl } from '@/lib/http-url';

/** The Jira issues opened for the finding by a ticket channel, each a link to its page. */
export function FindingTickets({ tickets }: { tickets: Schemas['FindingTicket'][] }) {
  const { t } = useTranslation();
  if (tickets.length === 0) return null;
  return (
    <HStack gap="2" flexWrap="wrap" fontSize="sm">
      <Text as="span" color="fg.muted">
        {t('findings.tickets')}:
      </Text>
      {tickets.map((ticket) => {
        const safe = httpUrl(ticket.url);
        return (
          <Text as="span" key={ticket.key}>
            {safe ? (
              <Link href={safe.href} target="_blank" rel="noreferrer noopener">
                {ticket.key}
              </Link>
            ) : (
              ticket.key
            )}
            {ticket.resolved_at ? ` (${t('findings.ticketResolved')})` : ''}
          </Text>
        );
      })}
    </HStack>
  );
}
