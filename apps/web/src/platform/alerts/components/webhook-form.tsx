import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import { useCreateWebhook, useUpdateWebhook, type Webhook, type WebhookFormat } from '../api/alerts-api';
import { FormError } from './form-bits';

const FORMATS: WebhookFormat[] = ['json', 'slack', 'teams'];

/** Adds a webhook (with an optional secret of its own) or edits one's URL and format; `onSecret` gets a new secret. */
export function WebhookForm({
  webhook,
  onDone,
  onSecret,
}: {
  webhook?: Webhook;
  onDone: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(webhook?.url ?? 'https://');
  const [format, setFormat] = useState<WebhookFormat>(webhook?.format ?? 'json');
  const [secret, setSecret] = useState('');
  const pending = create.isPending || update.isPending;
  return (
    <chakra.form
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      aria-label={t(webhook ? 'alerts.webhooks.edit' : 'alerts.webhooks.add')}
      onSubmit={(event) => {
        event.preventDefault();
        if (webhook) {
          update.mutate({ id: webhook.id, body: { url, format } }, { onSuccess: onDone });
        } else {
          create.mutate(
            { url, format, enabled: true, ...(secret ? { secret } : {}) },
            {
              onSuccess: (created) => {
                onSecret(created);
                onDone();
              },
            },
          );
        }
      }}
    >
      <Stack gap="3">
        <TextInput
          label={t('alerts.webhooks.url')}
          name="url"
          type="url"
          required
          maxLength={2000}
          value={url}
          onValueChange={setUrl}
        />
        <Stack gap="1.5">
          <Text as="span" fontWeight="medium" textStyle="sm">
            {t('alerts.webhooks.format')}
          </Text>
          <SimpleSelect
            label={t('alerts.webhooks.format')}
            value={format}
            onChange={(event) => setFormat(event.currentTarget.value as WebhookFormat)}
          >
            {FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(`alerts.webhooks.formats.${f}`)}
              </option>
            ))}
          </SimpleSelect>
        </Stack>
        {webhook ? null : (
          <TextInput
            label={t('alerts.webhooks.secret')}
            name="secret"
            type="password"
            autoComplete="off"
            minLength={16}
            maxLength={200}
            value={secret}
            onValueChange={setSecret}
          />
        )}
        <FormError error={create.error ?? update.error} />
        <HStack gap="2">
          <Button type="submit" size="sm" loading={pending}>
            {t('alerts.webhooks.save')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            {t('alerts.webhooks.cancel')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
