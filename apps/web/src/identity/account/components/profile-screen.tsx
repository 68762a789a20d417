import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../api/account-api';
import { PictureSection } from './picture-section';
import { ProfileForm } from './profile-form';
import { AccountSection, StatusLine } from './section';

/** `/profile`: picture, name and position, language (the page passes the session's control). */
export function ProfileScreen({ languageControl }: { languageControl: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <Stack gap="6" maxW="4xl">
      <Heading as="h1" size="xl">
        {t('account.profile.title')}
      </Heading>
      {profile.isPending ? <Text color="fg.muted">{t('account.loading')}</Text> : null}
      {profile.isError ? <StatusLine tone="error">{t('account.errors.failed')}</StatusLine> : null}
      {profile.data ? (
        <>
          <PictureSection profile={profile.data} />
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <AccountSection id="profile-language" title={t('account.appearance.language')}>
            {languageControl}
          </AccountSection>
        </>
      ) : null}
    </Stack>
  );
}
