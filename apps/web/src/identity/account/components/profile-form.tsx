import { Button, Stack } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '@/components/ui/text-input';
import { type Profile, useUpdateProfile } from '../api/account-api';
import { translateServerMessage } from '../server-messages';
import { AccountSection, StatusLine } from './section';

/** Name and position (the e-mail is shown, not editable). */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile.name);
  const [position, setPosition] = useState(profile.position ?? '');
  const save = useUpdateProfile();
  const problem = save.error instanceof ApiError ? save.error : null;
  return (
    <AccountSection id="profile-details" title={t('account.profile.details')}>
      <Stack
        as="form"
        gap="4"
        maxW="md"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ name, position: position.trim() || null });
        }}
      >
        <TextInput
          label={t('account.profile.email')}
          name="email"
          value={profile.email}
          onValueChange={() => {}}
          readOnly
        />
        <TextInput
          label={t('account.profile.name')}
          name="name"
          value={name}
          onValueChange={setName}
          required
          maxLength={120}
          autoComplete="name"
          error={problem?.validation?.name ? translateServerMessage(t, problem.validation.name[0]) : undefined}
        />
        <TextInput
          label={t('account.profile.position')}
          name="position"
          value={position}
          onValueChange={setPosition}
          maxLength={120}
          autoComplete="organization-title"
        />
        <div>
          <Button type="submit" loading={save.isPending}>
            {t('account.profile.save')}
          </Button>
        </div>
        {save.isSuccess ? <StatusLine tone="ok">{t('account.profile.saved')}</StatusLine> : null}
        {save.isError && !problem?.validation ? (
          <StatusLine tone="error">{translateServerMessage(t, problem?.serverMessage)}</StatusLine>
        ) : null}
      </Stack>
    </AccountSection>
  );
}
