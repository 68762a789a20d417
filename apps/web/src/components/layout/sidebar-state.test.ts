import { describe, expect, it } from 'vitest';
import { initialSidebarState, isSidebarWide, sidebarReducer } from './sidebar-state';

describe('sidebar states', () => {
  it('expands and collapses on desktop; hover widens only a collapsed rail', () => {
    let s = initialSidebarState(false);
    expect(isSidebarWide(s)).toBe(true);
    s = sidebarReducer(s, { type: 'toggle' });
    expect(s.expanded).toBe(false);
    expect(isSidebarWide(s)).toBe(false);
    s = sidebarReducer(s, { type: 'hover', hovered: true });
    expect(s.hovered).toBe(true);
    expect(isSidebarWide(s)).toBe(true);
    s = sidebarReducer(s, { type: 'hover', hovered: false });
    expect(isSidebarWide(s)).toBe(false);
    s = sidebarReducer(sidebarReducer(s, { type: 'toggle' }), { type: 'hover', hovered: true });
    expect(s.hovered).toBe(false);
  });

  it('opens as an overlay on mobile and closes on navigation or close', () => {
    let s = initialSidebarState(true);
    expect(isSidebarWide(s)).toBe(false);
    s = sidebarReducer(s, { type: 'toggle' });
    expect(s.mobileOpen).toBe(true);
    s = sidebarReducer(s, { type: 'close-mobile' });
    expect(s.mobileOpen).toBe(false);
    s = sidebarReducer(sidebarReducer(s, { type: 'toggle' }), { type: 'route', path: '/credentials', group: 'leaks' });
    expect(s.mobileOpen).toBe(false);
    s = sidebarReducer(s, { type: 'hover', hovered: true });
    expect(s.hovered).toBe(false);
  });

  it('closes the overlay when the viewport grows to desktop', () => {
    let s = sidebarReducer(initialSidebarState(true), { type: 'toggle' });
    s = sidebarReducer(s, { type: 'viewport', mobile: false });
    expect(s).toMatchObject({ mobile: false, mobileOpen: false });
  });

  it('toggles a submenu: selecting the open one closes it', () => {
    let s = sidebarReducer(initialSidebarState(false), { type: 'select-submenu', group: 'leaks' });
    expect(s.openSubmenu).toBe('leaks');
    s = sidebarReducer(s, { type: 'select-submenu', group: 'intelligence' });
    expect(s.openSubmenu).toBe('intelligence');
    s = sidebarReducer(s, { type: 'select-submenu', group: 'intelligence' });
    expect(s.openSubmenu).toBeNull();
  });

  it('marks the active item and opens the submenu holding it', () => {
    const s = sidebarReducer(initialSidebarState(false), { type: 'route', path: '/cvemonitor', group: 'intelligence' });
    expect(s).toMatchObject({ activeItem: '/cvemonitor', openSubmenu: 'intelligence' });
  });
});
