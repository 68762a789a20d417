import type { NavGroupId } from '@/config/paths';

/** The sidebar's states (spec §4): expanded, mobile, mobile-open, hovered, active item, open submenu. */
export interface SidebarState {
  expanded: boolean;
  mobile: boolean;
  mobileOpen: boolean;
  hovered: boolean;
  activeItem: string | null;
  openSubmenu: NavGroupId | null;
}

export type SidebarEvent =
  | { type: 'toggle' }
  | { type: 'viewport'; mobile: boolean }
  | { type: 'close-mobile' }
  | { type: 'hover'; hovered: boolean }
  | { type: 'select-submenu'; group: NavGroupId }
  | { type: 'route'; path: string; group: NavGroupId | undefined };

export const initialSidebarState = (mobile: boolean): SidebarState => ({
  expanded: true,
  mobile,
  mobileOpen: false,
  hovered: false,
  activeItem: null,
  openSubmenu: null,
});

export function sidebarReducer(state: SidebarState, event: SidebarEvent): SidebarState {
  switch (event.type) {
    case 'toggle':
      // On mobile the toggle opens/closes the overlay; on desktop it expands/collapses the rail.
      return state.mobile
        ? { ...state, mobileOpen: !state.mobileOpen }
        : { ...state, expanded: !state.expanded, hovered: false };
    case 'viewport':
      if (event.mobile === state.mobile) return state;
      return { ...state, mobile: event.mobile, mobileOpen: false, hovered: false };
    case 'close-mobile':
      return state.mobileOpen ? { ...state, mobileOpen: false } : state;
    case 'hover':
      // Hover only widens a collapsed desktop rail.
      if (state.mobile || state.expanded) return state.hovered ? { ...state, hovered: false } : state;
      return state.hovered === event.hovered ? state : { ...state, hovered: event.hovered };
    case 'select-submenu':
      // Selecting the submenu that is already open closes it.
      return { ...state, openSubmenu: state.openSubmenu === event.group ? null : event.group };
    case 'route':
      // The submenu holding the current page opens by itself; a navigation closes the mobile overlay.
      return {
        ...state,
        activeItem: event.path,
        openSubmenu: event.group ?? state.openSubmenu,
        mobileOpen: false,
      };
  }
}

/** Whether the sidebar shows labels (expanded, hovered while collapsed, or open on mobile). */
export function isSidebarWide(state: SidebarState): boolean {
  return state.mobile ? state.mobileOpen : state.expanded || state.hovered;
}
