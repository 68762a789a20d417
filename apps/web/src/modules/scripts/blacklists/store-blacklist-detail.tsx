import { Button, chakra, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useTranslation } from 'react-i18next';
import { EvidenceList } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { type StoreBlacklistStatus, useStoreBlacklistChange, useStoreBlacklistEntry } from './store-blacklist-api';
import { StoreStatusBadge } from './store-blacklist-badges';
import { EditStoreDialog } from './store-blacklist-dialogs';

const STATUS_FIELDS = ['status'];
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * One blacklisted store: where it is in the workflow and the moves it allows, what RDAP and the
 * last check found, its evidence, and every change with who made it (the system for a check). Its
 * URL is shown as text, never as a link: it is a fraudulent site.
 */
export function StoreBlacklistDetail({ id, canChange }: { id: number; canChange: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const detail = useStoreBlacklistEntry(id);
  const { update, check } = useStoreBlacklistChange();
  if (detail.isPending) return <Skeleton height="32" />;
  if (!detail.data) return <Text color="fg.error">{t('scripts.forms.loadFailed')}</Text>;
  const entry = detail.data;
  const when = (date: string | null) => (date ? format.date(date, DATE_TIME) : null);
  const failure = [update.error, check.error].find(Boolean);
  const message =
    failure instanceof ApiError
      ? Object.values(failure.validation ?? {})
          .flat()
          .join(' ') || failure.serverMessage
      : failure
        ? t('scripts.forms.saveFailed')
        : null;
  const move = (status: StoreBlacklistStatus) => update.mutate({ id: entry.id, body: { status } });
  const fieldLabel = (field: string) => t(`scripts.storeBlacklist.fields.${field}`, { defaultValue: field });
  const valueLabel = (field: string, value: string | null) =>
    value === null ? '—' : STATUS_FIELDS.includes(field) ? t(`scripts.storeBlacklist.statuses.${value}`) : value;
  return (
    <Stack gap="5" data-testid="store-blacklist-detail">
      <Stack gap="1">
        <HStack gap="2" flexWrap="wrap">
          <Heading as="h3" size="md" overflowWrap="anywhere">
            {entry.domain}
          </Heading>
          <StoreStatusBadge status={entry.status} />
        </HStack>
        {entry.url ? (
          <Text fontFamily="mono" fontSize="xs" overflowWrap="anywhere">
            {entry.url}
          </Text>
        ) : null}
      </Stack>
      {canChange ? (
        <HStack gap="2" flexWrap="wrap">
          {entry.next_statuses.map((status) => (
            <Button key={status} size="xs" colorPalette="blue" loading={update.isPending} onClick={() => move(status)}>
              {t('scripts.storeBlacklist.moveTo', { status: t(`scripts.storeBlacklist.statuses.${status}`) })}
            </Button>
          ))}
          <Button size="xs" variant="outline" loading={check.isPending} onClick={() => check.mutate(entry.id)}>
            {t('scripts.storeBlacklist.checkNow')}
          </Button>
          <EditStoreDialog entry={entry} />
        </HStack>
      ) : null}
      {check.isSuccess ? <Text fontSize="sm">{t('scripts.storeBlacklist.checkQueued')}</Text> : null}
      {message ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {message}
        </Text>
      ) : null}
      <EvidenceList
        items={[
          { label: t('scripts.storeBlacklist.registrar'), value: entry.registrar },
          { label: t('scripts.storeBlacklist.host'), value: entry.host },
          { label: t('scripts.storeBlacklist.address'), value: entry.address },
          { label: t('scripts.storeBlacklist.takedownReference'), value: entry.takedown_reference },
          { label: t('scripts.storeBlacklist.takedownRequested'), value: when(entry.takedown_requested_at) },
          { label: t('scripts.storeBlacklist.lastChecked'), value: when(entry.last_checked_at) },
          { label: t('scripts.storeBlacklist.lastOnline'), value: when(entry.last_online_at) },
          { label: t('scripts.storeBlacklist.offlineSince'), value: when(entry.offline_since) },
          { label: t('scripts.storeBlacklist.nextCheck'), value: when(entry.next_check_at) },
          { label: t('scripts.storeBlacklist.added'), value: when(entry.created_at) },
        ]}
      />
      {entry.notes ? <Text whiteSpace="pre-wrap">{entry.notes}</Text> : null}
      <Stack gap="2">
        <Heading as="h3" size="sm">
          {t('scripts.storeBlacklist.evidence')}
        </Heading>
        {Object.keys(entry.evidence).length === 0 ? (
          <Text fontSize="sm">—</Text>
        ) : (
          <DataList.Root orientation="horizontal" size="sm" data-testid="store-blacklist-evidence">
            {Object.entries(entry.evidence).map(([key, value]) => (
              <DataList.Item key={key}>
                <DataList.ItemLabel fontFamily="mono">{key}</DataList.ItemLabel>
                <DataList.ItemValue overflowWrap="anywhere" minW="0">
                  {Array.isArray(value)
                    ? value.join(', ')
                    : typeof value === 'object'
                      ? JSON.stringify(value)
                      : String(value)}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        )}
      </Stack>
      <Stack gap="2" data-testid="store-blacklist-history">
        <Heading as="h3" size="sm">
          {t('scripts.storeBlacklist.history')}
        </Heading>
        <chakra.ol listStyleType="none" m="0" p="0" display="flex" flexDirection="column" gap="2">
          {entry.history.map((h) => (
            <chakra.li key={h.id} borderBottomWidth="1px" pb="2" fontSize="sm">
              <Text color="fg.muted">
                {t('scripts.storeBlacklist.changedBy', {
                  who: h.actor_name ?? t('scripts.storeBlacklist.system'),
                  when: format.date(h.at, DATE_TIME),
                })}
              </Text>
              <Text>
                {t('scripts.storeBlacklist.change', {
                  field: fieldLabel(h.field),
                  from: valueLabel(h.field, h.from_value),
                  to: valueLabel(h.field, h.to_value),
                })}
              </Text>
            </chakra.li>
          ))}
        </chakra.ol>
      </Stack>
    </Stack>
  );
}
