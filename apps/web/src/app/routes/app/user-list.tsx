import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiTokensSection } from '@/identity/api-tokens';
import { useCompanies } from '@/identity/auth';
import { MembersScreen } from '@/identity/members';
import { MonitoringQueries } from './monitoring-queries';

/**
 * `/userlist`: the company's members and every member's API tokens, for its administrators. Others see why the screen is empty;
 * the server refuses them every member operation anyway (403).
 */
export function UserListPage() {
  const { t } = useTranslation();
  const { clients, currentId } = useCompanies();
  const role = clients.find((c) => c.idCliente === currentId)?.role;
  if (role !== 'administrator') {
    return (
      <Stack gap="4">
        <Heading as="h1" size="lg">
          {t('members.title')}
        </Heading>
        <Alert.Root status="info" data-testid="admins-only">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('members.adminsOnly')}</Alert.Title>
            <Alert.Description>{t('members.adminsOnlyText')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    );
  }
  return (
    <MonitoringQueries>
      <Stack gap="8">
        <MembersScreen />
        <ApiTokensSection owner="company" />
      </Stack>
    </MonitoringQueries>
  );
}

export { UserListPage as Component };
