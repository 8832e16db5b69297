/**
 * The page's first script, inline in index.html's head (the build puts it there, vite.config.ts `paintFirst`; the
 * server allows it by its hash, server/app.ts): it runs before the server's first screen is painted, so no tap on
 * that screen is lost while the app's scripts are still on their way (decision 0014), the way Google's JSAction
 * event contract holds events for code that has not loaded yet.
 *
 * Until the app has taken the screen over (the root loses `data-first-screen`):
 * - a **link** loads its page, as a link does;
 * - **Menu** opens the plain menu of links the server put beside the screen (a tap beside it or Escape closes it);
 * - a tap on **any other control** is held: nothing happens to the page, the control is covered at once by a
 *   pressed-and-busy mark, and the app carries the tap out once it is there (lib/held-taps.ts);
 * - **typing** in a field works as ever (the field keeps its text and caret; the app takes them over).
 *
 * Kept small and dependency-free: it is in every page. What it shares with the app is `HeldTaps` on
 * `window.naalepudenTaps` (shared/page-contract.ts).
 */
import { HELD_MARK_ATTRIBUTE, type HeldTaps } from '../../shared/page-contract.ts';

(() => {
  const held: HeldTaps = { controls: [], menuOpen: false };
  window.naalepudenTaps = held;

  const CONTROL =
    'button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], [role="menuitem"], input[type="checkbox"], input[type="radio"], summary, label';
  const screenRoot = () => {
    const root = document.getElementById('root');
    return root?.hasAttribute('data-first-screen') ? root : null;
  };
  const setMenu = (open: boolean) => {
    const menu = document.getElementById('boot-menu');
    if (!menu) return;
    menu.hidden = !open;
    held.menuOpen = open;
  };

  /**
   * The pressed-and-busy mark over a held control, pulsing until the app answers: a shade over it (seen on a light
   * and a dark control alike) and a ring around it. Outside the root, so the app's hydration never sees it.
   */
  const mark = (control: Element) => {
    const box = control.getBoundingClientRect();
    const cover = document.createElement('div');
    cover.setAttribute(HELD_MARK_ATTRIBUTE, '');
    cover.setAttribute('aria-hidden', 'true');
    const radius = getComputedStyle(control).borderRadius;
    cover.style.cssText = `position:absolute;left:${box.left + scrollX}px;top:${box.top + scrollY}px;width:${box.width}px;height:${box.height}px;border-radius:${radius};pointer-events:none;z-index:1400;background:rgba(0,0,0,.16);box-shadow:0 0 0 3px rgba(123,45,85,.5);animation:naalepuden-held .8s ease-in-out infinite alternate`;
    document.body.append(cover);
  };

  const onClick = (event: MouseEvent) => {
    const root = screenRoot();
    const target = event.target instanceof Element ? event.target : null;
    if (!root || !target) return;
    const menu = document.getElementById('boot-menu');
    if (menu?.contains(target)) {
      if (target.closest('[data-boot-menu-close]')) setMenu(false);
      return;
    }
    if (!root.contains(target) || target.closest('a[href]')) return;
    if (target.closest('[data-boot-menu-open]')) {
      event.preventDefault();
      setMenu(true);
      return;
    }
    const control = target.closest(CONTROL);
    if (!control) return;
    // A field one types in works as ever; a box or a switch waits, so its state changes once, in the app.
    if (control.matches('input:not([type="checkbox"]):not([type="radio"])')) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.controls.includes(control)) return;
    held.controls.push(control);
    mark(control);
  };

  document.addEventListener('click', onClick, { capture: true });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && screenRoot()) setMenu(false);
  });
})();
