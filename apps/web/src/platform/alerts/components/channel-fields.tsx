import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SimpleSelect } from '@/components/ui/simple-select';
import { TextArea } from '@/components/ui/text-area';
import { TextInput } from '@/components/ui/text-input';
import type { ChannelKind, ChannelSettings } from '../api/channels-api';
import { Check } from './form-bits';

/** The form's draft of a channel's settings: every field as typed. */
export interface SettingsDraft {
  url: string;
  index: string;
  host: string;
  port: string;
  tls: boolean;
  framing: 'octet_counting' | 'newline';
  ca: string;
  email: string;
  project_key: string;
  issue_type: string;
}

export function draftOf(settings: ChannelSettings | undefined): SettingsDraft {
  return {
    url: settings?.url ?? 'https://',
    index: settings?.index ?? 'vigil-alerts',
    host: settings?.host ?? '',
    port: settings?.port === undefined ? '6514' : String(settings.port),
    tls: settings?.tls ?? true,
    framing: settings?.framing ?? 'octet_counting',
    ca: settings?.ca ?? '',
    email: settings?.email ?? '',
    project_key: settings?.project_key ?? '',
    issue_type: settings?.issue_type ?? 'Task',
  };
}

/** The settings the kind takes, from the draft (the server refuses any other field). */
export function settingsOf(kind: ChannelKind, d: SettingsDraft): ChannelSettings {
  switch (kind) {
    case 'splunk_hec':
      return { url: d.url };
    case 'elastic':
      return { url: d.url, index: d.index };
    case 'syslog_cef':
      return {
        host: d.host,
        port: Number(d.port),
        tls: d.tls,
        framing: d.framing,
        ...(d.tls && d.ca.trim() ? { ca: d.ca.trim() } : {}),
      };
    case 'jira':
      return { url: d.url, email: d.email, project_key: d.project_key, issue_type: d.issue_type };
  }
}

/** The inputs of the kind's settings. */
export function ChannelFields({
  kind,
  draft,
  onChange,
}: {
  kind: ChannelKind;
  draft: SettingsDraft;
  onChange: (draft: SettingsDraft) => void;
}) {
  const { t } = useTranslation();
  const set = (field: keyof SettingsDraft) => (value: string) => onChange({ ...draft, [field]: value });
  const label = (field: string) => t(`alerts.channels.fields.${field}`);
  if (kind === 'syslog_cef') {
    return (
      <Stack gap="3">
        <TextInput
          label={label('host')}
          name="host"
          required
          maxLength={253}
          value={draft.host}
          onValueChange={set('host')}
        />
        <TextInput
          label={label('port')}
          name="port"
          type="number"
          required
          min={1}
          max={65535}
          value={draft.port}
          onValueChange={set('port')}
        />
        <Check label={label('tls')} checked={draft.tls} onChange={(tls) => onChange({ ...draft, tls })} />
        <Stack gap="1.5">
          <Text as="span" fontWeight="medium" textStyle="sm">
            {label('framing')}
          </Text>
          <SimpleSelect
            label={label('framing')}
            value={draft.framing}
            onChange={(event) =>
              onChange({ ...draft, framing: event.currentTarget.value === 'newline' ? 'newline' : 'octet_counting' })
            }
          >
            <option value="octet_counting">{t('alerts.channels.framing.octet_counting')}</option>
            <option value="newline">{t('alerts.channels.framing.newline')}</option>
          </SimpleSelect>
        </Stack>
        {draft.tls ? (
          <TextArea
            label={label('ca')}
            name="ca"
            maxLength={20000}
            rows={4}
            value={draft.ca}
            onValueChange={set('ca')}
          />
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap="3">
      <TextInput
        label={label(kind === 'jira' ? 'site' : 'url')}
        name="url"
        type="url"
        required
        maxLength={2000}
        value={draft.url}
        onValueChange={set('url')}
      />
      {kind === 'elastic' ? (
        <TextInput
          label={label('index')}
          name="index"
          required
          maxLength={255}
          value={draft.index}
          onValueChange={set('index')}
        />
      ) : null}
      {kind === 'jira' ? (
        <>
          <TextInput
            label={label('email')}
            name="email"
            type="email"
            required
            maxLength={254}
            value={draft.email}
            onValueChange={set('email')}
          />
          <TextInput
            label={label('project_key')}
            name="project_key"
            required
            maxLength={20}
            pattern="[A-Z][A-Z0-9_]*"
            value={draft.project_key}
            onValueChange={set('project_key')}
          />
          <TextInput
            label={label('issue_type')}
            name="issue_type"
            required
            maxLength={60}
            value={draft.issue_type}
            onValueChange={set('issue_type')}
          />
        </>
      ) : null}
    </Stack>
  );
}
