import { Avatar, Button, chakra, Menu, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthActorRef } from '../auth-actor';
import { useSession } from '../hooks/use-session';

/**
 * The signed-in user's menu: profile, account settings, the platform status (operators), logout.
 * `picture` is the latest picture URL when the layout knows a newer one than the sign-in's.
 */
export function UserMenu({ picture }: { picture?: string | null }) {
  const { t } = useTranslation();
  const actor = useAuthActorRef();
  const navigate = useNavigate();
  const { user } = useSession();
  const name = user?.name ?? '';
  const shown = picture === undefined ? user?.picture : picture;
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') actor.send({ type: 'auth.logout' });
        else void navigate(value);
      }}
    >
      <Menu.Trigger asChild>
        {/* Named by its content (not aria-label), so the visible name is part of the accessible one. */}
        <Button variant="ghost" size="sm" px="1">
          <Avatar.Root size="xs" aria-hidden="true">
            <Avatar.Fallback name={name} />
            {shown ? <Avatar.Image src={shown} alt="" /> : null}
          </Avatar.Root>
          <chakra.span srOnly>{t('header.userMenu.label', { name })}</chakra.span>
          <Text as="span" aria-hidden="true" display={{ base: 'none', lg: 'inline' }} maxW="40" truncate>
            {name}
          </Text>
        </Button>
      </Menu.Trigger>
      {/* Not portalled: the menu stays inside the header landmark. */}
      <Menu.Positioner>
        <Menu.Content minW="48">
          <Menu.Item value="/profile">{t('header.userMenu.profile')}</Menu.Item>
          <Menu.Item value="/account-setting">{t('header.userMenu.settings')}</Menu.Item>
          {user?.operator ? <Menu.Item value="/operator">{t('header.userMenu.operator')}</Menu.Item> : null}
          <Menu.Separator />
          <Menu.Item value="logout">{t('header.userMenu.logout')}</Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
