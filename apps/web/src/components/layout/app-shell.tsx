import { Box, Link as ChakraLink, Flex, IconButton } from '@chakra-ui/react';
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AppIcon } from '@/components/ui/icons';
import { SkipLink } from '@/components/ui/skip-link';
import { MOBILE_BREAKPOINT_PX } from '@/config/constants';
import { env } from '@/config/env';
import { groupOfPath } from '@/config/paths';
import { useMediaQuery } from '@/lib/use-media-query';
import { HEADER_HEIGHT, SIDEBAR_ID, SIDEBAR_RAIL, SIDEBAR_WIDE, Sidebar } from './sidebar';
import { initialSidebarState, isSidebarWide, sidebarReducer } from './sidebar-state';

export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export interface AppShellProps {
  /** Header controls on the right: theme, user menu. */
  headerEnd?: ReactNode;
  /** The header's selects (company, language): in the header on desktop, a row of their own below 768 px. */
  headerSelects?: ReactNode;
  children: ReactNode;
}

/** The signed-in layout: header, sidebar and the main landmark. */
export function AppShell({ headerEnd, headerSelects, children }: AppShellProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [state, dispatch] = useReducer(sidebarReducer, mobile, initialSidebarState);
  const location = useLocation();

  useEffect(() => dispatch({ type: 'viewport', mobile }), [mobile]);
  useEffect(() => {
    dispatch({ type: 'route', path: location.pathname, group: groupOfPath(location.pathname) });
  }, [location.pathname]);

  // The mobile overlay takes the focus when it opens and gives it back to the toggle when it closes.
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!state.mobile) return;
    if (state.mobileOpen) document.querySelector<HTMLElement>(`#${SIDEBAR_ID} button, #${SIDEBAR_ID} a`)?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = state.mobileOpen;
  }, [state.mobile, state.mobileOpen]);

  const open = state.mobile ? state.mobileOpen : state.expanded;
  const contentOffset = state.mobile ? '0' : state.expanded ? SIDEBAR_WIDE : SIDEBAR_RAIL;

  return (
    <Box minH="100dvh">
      <SkipLink />
      <Flex
        as="header"
        position="sticky"
        top="0"
        zIndex="docked"
        h={HEADER_HEIGHT}
        align="center"
        gap={{ base: '1', md: '3' }}
        px={{ base: '2', md: '4' }}
        bg="bg.panel"
        borderBottomWidth="1px"
        borderColor="border"
      >
        <IconButton
          ref={toggleRef}
          variant="ghost"
          aria-label={t(state.mobile ? 'nav.toggleMobile' : 'nav.toggle')}
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          onClick={() => dispatch({ type: 'toggle' })}
        >
          <AppIcon name="menu" />
        </IconButton>
        <ChakraLink
          asChild
          fontWeight="bold"
          fontSize="lg"
          letterSpacing="tight"
          color="fg"
          textDecoration="none"
          display={{ base: isSidebarWide(state) ? 'none' : 'inline', sm: 'inline' }}
        >
          <Link to="/">{env.productName}</Link>
        </ChakraLink>
        <Flex ms="auto" align="center" gap={{ base: '1', md: '2' }} minW="0">
          {state.mobile ? null : headerSelects}
          {headerEnd}
        </Flex>
      </Flex>
      {state.mobile && headerSelects ? (
        // On a phone the selects share a compact row under the header instead of squeezing it.
        <Flex
          data-testid="header-selects-row"
          gap="2"
          px="2"
          py="2"
          bg="bg.panel"
          borderBottomWidth="1px"
          borderColor="border"
          css={{ '& > *': { flex: '1 1 0', minWidth: '0', width: 'auto !important' } }}
        >
          {headerSelects}
        </Flex>
      ) : null}
      <Sidebar state={state} dispatch={dispatch} />
      <Box
        as="main"
        id="main"
        tabIndex={-1}
        ms={contentOffset}
        transition="margin 0.15s ease"
        px={{ base: '4', md: '8' }}
        py={{ base: '5', md: '8' }}
        outline="none"
      >
        {children}
      </Box>
    </Box>
  );
}
