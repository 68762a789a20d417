import { Outlet } from 'react-router-dom';
import { AppShell } from '@/components/layout/app-shell';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { useAccountPicture, useAccountSync } from '@/identity/account/sync';
import { useSession } from '@/identity/auth';
import { CompanySwitcher, SessionAlerts, SessionLanguageSelect, UserMenu } from '@/identity/auth/header';
// The signed-in screens' Chakra recipes join the system before the shell renders.
import '@/theme/app-recipes';
import { CommandPalette } from './command-palette';

/** The signed-in layout: the shell with the header controls of spec/issue 5, then the screen. */
export function AppLayout() {
  const { user } = useSession();
  // The theme saved on the account applies on sign-in; the header shows the latest picture.
  useAccountSync(user);
  const picture = useAccountPicture(user);
  return (
    <AppShell
      headerSelects={
        <>
          <CompanySwitcher />
          <SessionLanguageSelect />
        </>
      }
      headerEnd={
        <>
          <ThemeToggle />
          <UserMenu picture={picture} />
        </>
      }
    >
      <SessionAlerts />
      <CommandPalette />
      <Outlet />
    </AppShell>
  );
}

export { AppLayout as Component };
