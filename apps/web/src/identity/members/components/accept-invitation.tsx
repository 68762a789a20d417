import { Alert, Box, Button, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '@vigil/api-client';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorAlert } from '@/components/ui/error-alert';
import { TextInput } from '@/components/ui/text-input';
import { useAcceptInvitation, useInvitationLookup } from '../api/members-api';

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="main" id="main" maxW="md" mx="auto" my={{ base: '6', md: '16' }} px="4">
      <Stack gap="5" borderWidth="1px" borderRadius="l3" p="6" bg="bg.panel">
        <Heading as="h1" size="lg">
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}

function SigninLink() {
  const { t } = useTranslation();
  return (
    <Link asChild colorPalette="blue" fontWeight="medium">
      <RouterLink to="/signin">{t('members.invitation.signin')}</RouterLink>
    </Link>
  );
}

/** The invitation link's page (public): set a name and password, or just accept for an existing account. */
export function AcceptInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();
  const [form, setForm] = useState({ name: '', password: '', password_confirmation: '' });
  if (lookup.isPending) {
    return (
      <Card title={t('members.title')}>
        <Text role="status">
          <Spinner size="sm" me="2" />
          {t('members.invitation.loading')}
        </Text>
      </Card>
    );
  }
  if (!lookup.data) {
    return (
      <Card title={t('members.title')}>
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('members.invitation.invalid')}</Alert.Title>
        </Alert.Root>
        <SigninLink />
      </Card>
    );
  }
  const { email, company, account_exists: existing } = lookup.data;
  const title = t('members.invitation.title', { company });
  if (accept.isSuccess) {
    return (
      <Card title={title}>
        <Alert.Root status="success">
          <Alert.Indicator />
          <Alert.Title>{t('members.invitation.done', { company })}</Alert.Title>
        </Alert.Root>
        <SigninLink />
      </Card>
    );
  }
  const errors = accept.error instanceof ApiError ? (accept.error.validation ?? {}) : {};
  const failed = accept.isError && Object.keys(errors).length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(existing ? { token } : { token, ...form });
  };
  const field = (name: keyof typeof form, label: string, type: string, autoComplete: string) => (
    <TextInput
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      required
      maxLength={name === 'name' ? 255 : 256}
      value={form[name]}
      onValueChange={(value) => setForm((current) => ({ ...current, [name]: value }))}
      error={errors[name]?.join(' ')}
    />
  );
  return (
    <Card title={title}>
      <Text>
        {existing
          ? t('members.invitation.existingAccount', { email, company })
          : t('members.invitation.newAccount', { email })}
      </Text>
      <form onSubmit={submit} noValidate aria-label={title}>
        <Stack gap="4">
          {existing ? null : (
            <>
              {field('name', t('members.invitation.name'), 'text', 'name')}
              {field('password', t('members.invitation.password'), 'password', 'new-password')}
              {field('password_confirmation', t('members.invitation.passwordConfirmation'), 'password', 'new-password')}
            </>
          )}
          <ErrorAlert message={failed ? t('members.invitation.invalid') : null} />
          <Button type="submit" loading={accept.isPending}>
            {t('members.invitation.accept')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
