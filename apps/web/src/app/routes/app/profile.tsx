import { ProfileScreen } from '@/features/account';
import { SessionLanguageSelect } from '@/features/auth/header';
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
