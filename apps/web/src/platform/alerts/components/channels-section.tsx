import { Alert, Badge, Button, Code, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import {
  type AlertChannel,
  type SavedChannel,
  useChannels,
  useDeleteChannel,
  useTestChannel,
  useUpdateChannel,
} from '../api/channels-api';
import { ChannelForm } from './channel-form';
import { ChannelDeliveryLog, OutcomeBadge } from './delivery-log';

/** Jira's webhook address with its secret, just created or regenerated: shown this once. */
function InboundOnce({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('alerts.channels.inboundOnce')}</Alert.Title>
        <Alert.Description>
          <Code data-testid="jira-inbound-url" wordBreak="break-all">
            {url}
          </Code>
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onClose}>
        {t('alerts.webhooks.cancel')}
      </Button>
    </Alert.Root>
  );
}

/** Where the channel sends: its URL, or host:port for syslog. */
function targetOf(channel: AlertChannel): string {
  const { url, host, port, index } = channel.settings;
  if (host !== undefined) return `${host}:${port ?? ''}`;
  return index ? `${url ?? ''} → ${index}` : (url ?? '');
}

function ChannelItem({
  channel,
  onEdit,
  onLog,
  onSaved,
}: {
  channel: AlertChannel;
  onEdit: () => void;
  onLog: () => void;
  onSaved: (saved: SavedChannel) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [confirming, setConfirming] = useState(false);
  const last = channel.last_delivery;
  return (
    <chakra.li borderWidth="1px" borderRadius="l2" p="3">
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="medium">{channel.name}</Text>
          <Badge>{t(`alerts.channels.kinds.${channel.kind}`)}</Badge>
          <Badge colorPalette={channel.enabled ? 'green' : 'gray'}>
            {t(channel.enabled ? 'alerts.webhooks.enabled' : 'alerts.webhooks.disabled')}
          </Badge>
        </HStack>
        <Text textStyle="sm" color="fg.muted" wordBreak="break-all">
          {targetOf(channel)}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {t('alerts.webhooks.lastDelivery')}:{' '}
          {last ? (
            <>
              <time dateTime={last.at}>{format.date(last.at, { dateStyle: 'short', timeStyle: 'short' })}</time>{' '}
              <OutcomeBadge outcome={last.outcome} />
            </>
          ) : (
            t('alerts.webhooks.never')
          )}
        </Text>
        {test.isSuccess ? (
          <Text role="status" textStyle="sm">
            {t('alerts.webhooks.testQueued')}
          </Text>
        ) : null}
        <HStack gap="2" flexWrap="wrap">
          <Button size="xs" variant="outline" loading={test.isPending} onClick={() => test.mutate(channel.id)}>
            {t('alerts.webhooks.sendTest')}
          </Button>
          <Button size="xs" variant="outline" onClick={onLog}>
            {t('alerts.webhooks.log')}
          </Button>
          <Button size="xs" variant="outline" onClick={onEdit}>
            {t('alerts.webhooks.edit')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            onClick={() => update.mutate({ id: channel.id, body: { enabled: !channel.enabled } })}
          >
            {t(channel.enabled ? 'alerts.webhooks.disable' : 'alerts.webhooks.enable')}
          </Button>
          {channel.kind === 'jira' ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() =>
                update.mutate({ id: channel.id, body: { regenerate_inbound_secret: true } }, { onSuccess: onSaved })
              }
            >
              {t('alerts.channels.regenerateInbound')}
            </Button>
          ) : null}
          {confirming ? (
            <Button size="xs" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate(channel.id)}>
              {t('alerts.webhooks.confirmDelete')}
            </Button>
          ) : (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              {t('alerts.webhooks.delete')}
            </Button>
          )}
        </HStack>
      </Stack>
    </chakra.li>
  );
}

/** The company's SIEM and ticket channels (Splunk, Elastic, syslog CEF, Jira), for administrators. */
export function AlertChannelsSection() {
  const { t } = useTranslation();
  const channels = useChannels();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [inbound, setInbound] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<AlertChannel | null>(null);
  const list = channels.data ?? [];
  const onSaved = ({ channel, inboundSecret }: SavedChannel) => {
    if (channel?.inbound_url && inboundSecret)
      setInbound(`${channel.inbound_url}?secret=${encodeURIComponent(inboundSecret)}`);
  };
  return (
    <Stack as="section" gap="4" aria-labelledby="company-channels">
      <Heading as="h2" size="md" id="company-channels">
        {t('alerts.channels.title')}
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        {t('alerts.channels.intro')}
      </Text>
      {inbound ? <InboundOnce url={inbound} onClose={() => setInbound(null)} /> : null}
      {channels.isSuccess && list.length === 0 ? <Text>{t('alerts.channels.empty')}</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {list.map((channel) =>
          editing === channel.id ? (
            <chakra.li key={channel.id}>
              <ChannelForm channel={channel} onDone={() => setEditing(null)} onSaved={onSaved} />
            </chakra.li>
          ) : (
            <ChannelItem
              key={channel.id}
              channel={channel}
              onEdit={() => setEditing(channel.id)}
              onLog={() => setLogOf(channel)}
              onSaved={onSaved}
            />
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        <ChannelForm onDone={() => setEditing(null)} onSaved={onSaved} />
      ) : (
        <Button alignSelf="start" size="sm" onClick={() => setEditing('new')}>
          {t('alerts.channels.add')}
        </Button>
      )}
      <ChannelDeliveryLog channel={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}
