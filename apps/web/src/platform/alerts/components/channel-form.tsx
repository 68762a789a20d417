import { Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextInput } from '@/components/ui/text-input';
import {
  type AlertChannel,
  type ChannelKind,
  type SavedChannel,
  useCreateChannel,
  useUpdateChannel,
} from '../api/channels-api';
import { ChannelFields, draftOf, settingsOf } from './channel-fields';
import { FormError } from './form-bits';

export const CHANNEL_KINDS: ChannelKind[] = ['splunk_hec', 'elastic', 'syslog_cef', 'jira'];

/** Adds a channel (its kind chosen once) or edits one; the credential is write-only (empty keeps the stored one). */
export function ChannelForm({
  channel,
  onDone,
  onSaved,
}: {
  channel?: AlertChannel;
  onDone: () => void;
  onSaved: (saved: SavedChannel) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const [kind, setKind] = useState<ChannelKind>(channel?.kind ?? 'splunk_hec');
  const [name, setName] = useState(channel?.name ?? '');
  const [draft, setDraft] = useState(() => draftOf(channel?.settings));
  const [credential, setCredential] = useState('');
  const pending = create.isPending || update.isPending;
  const done = (saved: SavedChannel) => {
    onSaved(saved);
    onDone();
  };
  return (
    <chakra.form
      borderWidth="1px"
      borderRadius="l2"
      p="4"
      aria-label={t(channel ? 'alerts.channels.edit' : 'alerts.channels.add')}
      onSubmit={(event) => {
        event.preventDefault();
        const settings = settingsOf(kind, draft);
        const secret = credential ? { credential } : {};
        if (channel) update.mutate({ id: channel.id, body: { name, settings, ...secret } }, { onSuccess: done });
        else create.mutate({ kind, name, settings, enabled: true, ...secret }, { onSuccess: done });
      }}
    >
      <Stack gap="3">
        {channel ? null : (
          <Stack gap="1.5">
            <Text as="span" fontWeight="medium" textStyle="sm">
              {t('alerts.channels.kind')}
            </Text>
            <SimpleSelect
              label={t('alerts.channels.kind')}
              value={kind}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setKind(CHANNEL_KINDS.find((k) => k === value) ?? kind);
              }}
            >
              {CHANNEL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`alerts.channels.kinds.${k}`)}
                </option>
              ))}
            </SimpleSelect>
          </Stack>
        )}
        <TextInput
          label={t('alerts.channels.name')}
          name="name"
          required
          maxLength={100}
          value={name}
          onValueChange={setName}
        />
        <ChannelFields kind={kind} draft={draft} onChange={setDraft} />
        {kind === 'syslog_cef' ? null : (
          <TextInput
            label={t(`alerts.channels.credential.${kind}`)}
            name="credential"
            type="password"
            autoComplete="off"
            required={!channel}
            minLength={8}
            maxLength={2000}
            {...(channel ? { placeholder: t('alerts.channels.keepCredential') } : {})}
            value={credential}
            onValueChange={setCredential}
          />
        )}
        <FormError error={create.error ?? update.error} />
        <HStack gap="2">
          <Button type="submit" size="sm" loading={pending}>
            {t('alerts.channels.save')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onDone}>
            {t('alerts.webhooks.cancel')}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
