import { useEffect, useLayoutEffect } from 'react';

const STORAGE_PREFIX = 'scroll:';

export function saveScrollPosition(pageName: string, y: number) {
  try {
    sessionStorage.setItem(`${STORAGE_PREFIX}${pageName}`, String(Math.round(y)));
  } catch {
    // Private mode or full storage: keeping the position is a nicety, not a must.
  }
}

export function readScrollPosition(pageName: string): number | null {
  try {
    const stored = sessionStorage.getItem(`${STORAGE_PREFIX}${pageName}`);
    return stored === null ? null : Number(stored);
  } catch {
    return null;
  }
}

/**
 * Keeps a page's window scroll position per page name (docs/product/screens.md, "Scroll position"): saved
 * while scrolling, restored once `ready` (the list has rendered) when the owner comes back.
 */
export function useScrollRestoration(pageName: string, ready: boolean) {
  useEffect(() => {
    let frame = 0;
    // The address is the page's own until the owner leaves it: the scroll that leaving causes (the next page
    // is shorter, the browser moves up) happens before this page is gone, and must not count as the owner's.
    const path = window.location.pathname;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (window.location.pathname === path) saveScrollPosition(pageName, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // Scrolled before the app was there (the server's first screen, decision 0014), with nothing to restore:
    // that is where she is.
    if ((readScrollPosition(pageName) ?? 0) <= 0 && window.scrollY > 0) onScroll();
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [pageName]);

  useLayoutEffect(() => {
    if (!ready) return;
    const y = readScrollPosition(pageName);
    if (y === null || y <= 0) return;
    window.scrollTo({ top: y });
    if (Math.abs(window.scrollY - y) < 2) return;
    // The page is not yet as long as it was (a virtual list's rows start at their estimated heights and grow as
    // they are measured): try again each frame for a second, until the position can be reached or the owner
    // scrolls herself.
    let frame = 0;
    const deadline = performance.now() + 1000;
    const stop = () => {
      cancelAnimationFrame(frame);
      for (const type of OWN_SCROLL) window.removeEventListener(type, stop);
    };
    for (const type of OWN_SCROLL) window.addEventListener(type, stop, { passive: true });
    const again = () => {
      window.scrollTo({ top: y });
      if (Math.abs(window.scrollY - y) < 2 || performance.now() > deadline) stop();
      else frame = requestAnimationFrame(again);
    };
    frame = requestAnimationFrame(again);
    return stop;
  }, [pageName, ready]);
}

/** What the owner does to scroll herself: a restore still under way gives way to it. */
const OWN_SCROLL = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
