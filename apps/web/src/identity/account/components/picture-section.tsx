import { Avatar, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rememberPicture } from '../account-sync';
import { type Profile, useRemovePicture, useUploadPicture } from '../api/account-api';
import { translateServerMessage } from '../server-messages';
import { AccountSection, StatusLine } from './section';

const MAX_BYTES = 2 * 1024 * 1024;

/** The profile picture: upload (at most 2 MB; the server checks the bytes) and removal. */
export function PictureSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const done = (next: Profile, message: string) => {
    rememberPicture(next.id, next.picture);
    setError(null);
    setSaved(message);
  };
  const failed = (cause: unknown) => {
    setSaved(null);
    setError(
      translateServerMessage(
        t,
        cause instanceof ApiError ? (cause.validationText() ?? cause.serverMessage) : undefined,
      ),
    );
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setSaved(null);
      setError(t('account.errors.tooLarge'));
      return;
    }
    upload.mutate(file, { onSuccess: (next) => done(next, t('account.picture.saved')), onError: failed });
  };

  return (
    <AccountSection id="picture" title={t('account.picture.title')} description={t('account.picture.hint')}>
      <HStack gap="5" align="center" flexWrap="wrap">
        <Avatar.Root size="2xl" data-testid="profile-avatar">
          <Avatar.Fallback name={profile.name} />
          {profile.picture ? (
            <Avatar.Image src={profile.picture} alt={t('account.picture.alt', { name: profile.name })} />
          ) : null}
        </Avatar.Root>
        <Stack gap="2">
          <chakra.input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            hidden
            data-testid="picture-input"
            onChange={(event) => {
              choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
          <HStack gap="2">
            <Button size="sm" onClick={() => input.current?.click()} loading={upload.isPending} disabled={busy}>
              {profile.picture ? t('account.picture.change') : t('account.picture.upload')}
            </Button>
            {profile.picture ? (
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: (next) => done(next, t('account.picture.removed')),
                    onError: failed,
                  })
                }
              >
                {t('account.picture.remove')}
              </Button>
            ) : null}
          </HStack>
          <Text textStyle="xs" color="fg.muted">
            {t('account.picture.formats')}
          </Text>
          {error ? <StatusLine tone="error">{error}</StatusLine> : null}
          {saved ? <StatusLine tone="ok">{saved}</StatusLine> : null}
        </Stack>
      </HStack>
    </AccountSection>
  );
}
