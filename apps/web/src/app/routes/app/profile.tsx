import { ProfileScreen } from '@/identity/account';
import { SessionLanguageSelect } from '@/identity/auth/header';
import { MonitoringQueries } from './monitoring-queries';

/** `/profile`: the user's picture, name, position and language. */
export function ProfilePage() {
  return (
    <MonitoringQueries>
      <ProfileScreen languageControl={<SessionLanguageSelect />} />
    </MonitoringQueries>
  );
}

export { ProfilePage as Component };
