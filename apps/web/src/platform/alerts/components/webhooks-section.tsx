import { Alert, Badge, Button, Code, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/format';
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhooks, type Webhook } from '../api/alerts-api';
import { DeliveryLog, OutcomeBadge } from './delivery-log';
import { WebhookForm } from './webhook-form';

/** The secret of a webhook just created or regenerated: shown this once. */
function SecretOnce({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('alerts.webhooks.secretOnce')}</Alert.Title>
        <Alert.Description>
          <Text as="span">{t('alerts.webhooks.secretLabel')}: </Text>
          <Code data-testid="webhook-secret" wordBreak="break-all">
            {secret}
          </Code>
        </Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onClose}>
        {t('alerts.webhooks.cancel')}
      </Button>
    </Alert.Root>
  );
}

function WebhookItem({
  webhook,
  onEdit,
  onLog,
  onSecret,
}: {
  webhook: Webhook;
  onEdit: () => void;
  onLog: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [confirming, setConfirming] = useState(false);
  const last = webhook.last_delivery;
  return (
    <chakra.li borderWidth="1px" borderRadius="l2" p="3">
      <Stack gap="2">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="medium" wordBreak="break-all">
            {webhook.url}
          </Text>
          <Badge>{t(`alerts.webhooks.formats.${webhook.format}`)}</Badge>
          <Badge colorPalette={webhook.enabled ? 'green' : 'gray'}>
            {t(webhook.enabled ? 'alerts.webhooks.enabled' : 'alerts.webhooks.disabled')}
          </Badge>
        </HStack>
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
          <Button size="xs" variant="outline" loading={test.isPending} onClick={() => test.mutate(webhook.id)}>
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
            onClick={() => update.mutate({ id: webhook.id, body: { enabled: !webhook.enabled } })}
          >
            {t(webhook.enabled ? 'alerts.webhooks.disable' : 'alerts.webhooks.enable')}
          </Button>
          <Button
            size="xs"
            variant="outline"
            onClick={() =>
              update.mutate(
                { id: webhook.id, body: { regenerate_secret: true } },
                { onSuccess: (secret) => secret && onSecret(secret) },
              )
            }
          >
            {t('alerts.webhooks.regenerate')}
          </Button>
          {confirming ? (
            <Button size="xs" colorPalette="red" loading={remove.isPending} onClick={() => remove.mutate(webhook.id)}>
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

/** The company's webhooks, for administrators (the server refuses everyone else). */
export function WebhooksSection() {
  const { t } = useTranslation();
  const hooks = useWebhooks();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const list = hooks.data ?? [];
  return (
    <Stack as="section" gap="4" aria-labelledby="company-webhooks">
      <Heading as="h2" size="md" id="company-webhooks">
        {t('alerts.webhooks.title')}
      </Heading>
      <Text color="fg.muted" textStyle="sm">
        {t('alerts.webhooks.intro')}
      </Text>
      {secret ? <SecretOnce secret={secret} onClose={() => setSecret(null)} /> : null}
      {hooks.isSuccess && list.length === 0 ? <Text>{t('alerts.webhooks.empty')}</Text> : null}
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {list.map((webhook) =>
          editing === webhook.id ? (
            <chakra.li key={webhook.id}>
              <WebhookForm webhook={webhook} onDone={() => setEditing(null)} onSecret={setSecret} />
            </chakra.li>
          ) : (
            <WebhookItem
              key={webhook.id}
              webhook={webhook}
              onEdit={() => setEditing(webhook.id)}
              onLog={() => setLogOf(webhook)}
              onSecret={setSecret}
            />
          ),
        )}
      </Stack>
      {editing === 'new' ? (
        <WebhookForm onDone={() => setEditing(null)} onSecret={setSecret} />
      ) : (
        <Button alignSelf="start" size="sm" onClick={() => setEditing('new')}>
          {t('alerts.webhooks.add')}
        </Button>
      )}
      <DeliveryLog webhook={logOf} onClose={() => setLogOf(null)} />
    </Stack>
  );
}
