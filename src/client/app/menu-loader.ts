/**
 * The menu drawer's code, loaded apart from the first screen (a tap on Menu, the shell once idle, or main.tsx
 * before it takes over a server screen whose plain menu is open), and kept once loaded so the shell can render it
 * at once.
 */
type MenuDrawerComponent = typeof import('./menu-drawer.tsx').MenuDrawer;

let loaded: MenuDrawerComponent | null = null;

export const loadedMenuDrawer = (): MenuDrawerComponent | null => loaded;

export function loadMenuDrawer(): Promise<MenuDrawerComponent> {
  return import('./menu-drawer.tsx').then((module) => {
    loaded = module.MenuDrawer;
    return module.MenuDrawer;
  });
}

/** Whether the server's first screen has its plain menu open (boot/hold-taps.ts). */
export const bootMenuOpen = (): boolean =>
  typeof window !== 'undefined' && window.naalepudenTaps?.menuOpen === true;
