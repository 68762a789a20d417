import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthActorRef } from '../auth-actor';
import { useSession } from '../hooks/use-session';

/** The signed-in user's menu: profile, account settings, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const navigate = useNavigate();
  const { user } = useSession();
  const name = user?.name ?? '';
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') actor.send({ type: 'auth.logout' });
        else void navigate(value);
      }}
    >
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" aria-label={t('header.userMenu.label', { name })}>
          <Avatar.Root size="xs">
            <Avatar.Fallback name={name} />
            {user?.picture ? <Avatar.Image src={user.picture} alt="" /> : null}
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', lg: 'inline' }} maxW="40" truncate>
            {name}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Menu.Item value="/profile">{t('header.userMenu.profile')}</Menu.Item>
            <Menu.Item value="/account-setting">{t('header.userMenu.settings')}</Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error">
              {t('header.userMenu.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
