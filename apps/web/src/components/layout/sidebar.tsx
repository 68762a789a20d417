import { Box, chakra } from '@chakra-ui/react';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AppIcon, type IconName } from '@/components/ui/icons';
import { type NavGroupId, navGroups, protectedScreens, screenOfPath } from '@/config/paths';
import { isSidebarWide, type SidebarEvent, type SidebarState } from './sidebar-state';

export const SIDEBAR_WIDE = '264px';
export const SIDEBAR_RAIL = '72px';
export const HEADER_HEIGHT = '64px';
export const SIDEBAR_ID = 'app-sidebar';

const groupIcons: Record<NavGroupId, IconName> = {
  overview: 'overview',
  leaks: 'leaks',
  'attack-surface': 'attackSurface',
  ecommerce: 'ecommerce',
  intelligence: 'intelligence',
  administration: 'administration',
};

const ItemLink = chakra(Link);

export interface SidebarProps {
  state: SidebarState;
  dispatch: Dispatch<SidebarEvent>;
}

/** The navigation: every protected screen, grouped; desktop rail or mobile overlay (spec §4). */
export function Sidebar({ state, dispatch }: SidebarProps) {
  const { t } = useTranslation();
  const wide = isSidebarWide(state);
  const hiddenOnMobile = state.mobile && !state.mobileOpen;
  const width = state.mobile ? SIDEBAR_WIDE : wide ? SIDEBAR_WIDE : SIDEBAR_RAIL;
  // `/` shows the dashboard: its item is the current page there too.
  const { pathname } = useLocation();
  const currentPath = screenOfPath(pathname)?.path ?? pathname;

  return (
    <>
      {state.mobile && state.mobileOpen ? (
        <Box
          data-testid="sidebar-backdrop"
          position="fixed"
          inset="0"
          top={HEADER_HEIGHT}
          bg="blackAlpha.600"
          zIndex="overlay"
          aria-hidden="true"
          onClick={() => dispatch({ type: 'close-mobile' })}
        />
      ) : null}
      <Box
        as="nav"
        id={SIDEBAR_ID}
        aria-label={t('nav.label')}
        data-state={wide ? 'wide' : 'rail'}
        data-mobile={state.mobile ? 'true' : 'false'}
        data-mobile-open={state.mobileOpen ? 'true' : 'false'}
        data-expanded={state.expanded ? 'true' : 'false'}
        data-hovered={state.hovered ? 'true' : 'false'}
        position="fixed"
        top={HEADER_HEIGHT}
        bottom="0"
        left="0"
        width={width}
        zIndex={state.mobile ? 'modal' : 'sticky'}
        bg="bg.panel"
        borderRightWidth="1px"
        borderColor="border"
        overflowY="auto"
        overflowX="hidden"
        transition="width 0.15s ease, transform 0.2s ease"
        transform={hiddenOnMobile ? 'translateX(-100%)' : 'none'}
        visibility={hiddenOnMobile ? 'hidden' : 'visible'}
        boxShadow={!state.mobile && state.hovered && !state.expanded ? 'lg' : undefined}
        onMouseEnter={() => dispatch({ type: 'hover', hovered: true })}
        onMouseLeave={() => dispatch({ type: 'hover', hovered: false })}
        onFocus={() => dispatch({ type: 'hover', hovered: true })}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
            dispatch({ type: 'hover', hovered: false });
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && state.mobile) dispatch({ type: 'close-mobile' });
        }}
        py="3"
      >
        <chakra.ul listStyleType="none" m="0" p="0">
          {navGroups.map((group) => {
            const open = state.openSubmenu === group && wide;
            const label = t(`nav.groups.${group}`);
            const panelId = `nav-group-${group}`;
            const holdsActive = protectedScreens.some((s) => s.group === group && s.path === currentPath);
            return (
              <chakra.li key={group} px="2" py="0.5">
                <chakra.button
                  type="button"
                  aria-expanded={open}
                  aria-controls={open ? panelId : undefined}
                  title={wide ? undefined : label}
                  onClick={() => dispatch({ type: 'select-submenu', group })}
                  display="flex"
                  alignItems="center"
                  gap="3"
                  w="full"
                  minH="10"
                  px="3"
                  borderRadius="md"
                  fontWeight="semibold"
                  fontSize="sm"
                  color={holdsActive ? 'brand.solid' : 'fg'}
                  _hover={{ bg: 'bg.muted' }}
                  cursor="pointer"
                >
                  <AppIcon name={groupIcons[group]} flexShrink={0} />
                  <chakra.span flex="1" textAlign="start" whiteSpace="nowrap" srOnly={!wide}>
                    {label}
                  </chakra.span>
                  {wide ? (
                    <AppIcon
                      name="chevronDown"
                      boxSize="4"
                      transform={open ? 'rotate(180deg)' : undefined}
                      transition="transform 0.15s"
                    />
                  ) : null}
                </chakra.button>
                {open ? (
                  <chakra.ul id={panelId} listStyleType="none" m="0" p="0" pt="1" pl="8">
                    {protectedScreens
                      .filter((screen) => screen.group === group)
                      .map((screen) => (
                        <chakra.li key={screen.path}>
                          <ItemLink
                            to={screen.path}
                            aria-current={screen.path === currentPath ? 'page' : undefined}
                            display="block"
                            px="3"
                            py="2"
                            borderRadius="md"
                            borderStartWidth="3px"
                            borderColor="transparent"
                            fontSize="sm"
                            color="fg.muted"
                            _hover={{ bg: 'bg.muted', color: 'fg' }}
                            css={{
                              // The current page is marked by colour, weight and a bar, not by colour alone.
                              '&[aria-current=page]': {
                                bg: 'colorPalette.subtle',
                                color: 'colorPalette.fg',
                                borderColor: 'colorPalette.solid',
                                fontWeight: 'semibold',
                              },
                            }}
                          >
                            {t(`screens.${screen.id}.title`)}
                          </ItemLink>
                        </chakra.li>
                      ))}
                  </chakra.ul>
                ) : null}
              </chakra.li>
            );
          })}
        </chakra.ul>
      </Box>
    </>
  );
}
