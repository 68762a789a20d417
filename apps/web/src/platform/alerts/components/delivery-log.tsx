import { Badge, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '@/components/data-table';
import { useFormat } from '@/lib/i18n/format';
import { useDeliveries, type Webhook, type WebhookDelivery } from '../api/alerts-api';
import { type AlertChannel, useChannelDeliveries } from '../api/channels-api';

const palette: Record<WebhookDelivery['outcome'], string> = {
  succeeded: 'green',
  retrying: 'orange',
  given_up: 'red',
};

export function OutcomeBadge({ outcome }: { outcome: WebhookDelivery['outcome'] }) {
  const { t } = useTranslation();
  return <Badge colorPalette={palette[outcome]}>{t(`alerts.webhooks.outcome.${outcome}`)}</Badge>;
}

/** Delivery attempts, newest first: outcome, attempt, response code, latency, error (webhooks and channels). */
export function DeliveryDrawer({
  open,
  title,
  rows,
  loaded,
  onClose,
}: {
  open: boolean;
  title: string;
  rows: WebhookDelivery[];
  loaded: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DetailDrawer open={open} title={title} onClose={onClose}>
      {loaded && rows.length === 0 ? <Text>{t('alerts.webhooks.noDeliveries')}</Text> : null}
      {rows.length > 0 ? (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              {(['at', 'attempt', 'outcome', 'code', 'latency', 'error'] as const).map((column) => (
                <Table.ColumnHeader key={column}>{t(`alerts.webhooks.columns.${column}`)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.id}>
                <Table.Cell>
                  <time dateTime={row.at}>{format.date(row.at, { dateStyle: 'short', timeStyle: 'medium' })}</time>
                  {row.alert_id === null ? ` (${t('alerts.webhooks.test')})` : ''}
                </Table.Cell>
                <Table.Cell>{row.attempt}</Table.Cell>
                <Table.Cell>
                  <OutcomeBadge outcome={row.outcome} />
                </Table.Cell>
                <Table.Cell>{row.response_code ?? '—'}</Table.Cell>
                <Table.Cell>
                  {row.latency_ms === null ? '—' : t('alerts.webhooks.latencyMs', { ms: row.latency_ms })}
                </Table.Cell>
                <Table.Cell wordBreak="break-word">{row.error ?? ''}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </DetailDrawer>
  );
}

/** A webhook's delivery log. */
export function DeliveryLog({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation();
  const deliveries = useDeliveries(webhook?.id ?? null);
  return (
    <DeliveryDrawer
      open={webhook !== null}
      title={t('alerts.webhooks.logTitle', { url: webhook?.url ?? '' })}
      rows={deliveries.data ?? []}
      loaded={deliveries.isSuccess}
      onClose={onClose}
    />
  );
}

/** A SIEM or ticket channel's delivery log. */
export function ChannelDeliveryLog({ channel, onClose }: { channel: AlertChannel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const deliveries = useChannelDeliveries(channel?.id ?? null);
  return (
    <DeliveryDrawer
      open={channel !== null}
      title={t('alerts.webhooks.logTitle', { url: channel?.name ?? '' })}
      rows={deliveries.data ?? []}
      loaded={deliveries.isSuccess}
      onClose={onClose}
    />
  );
}
