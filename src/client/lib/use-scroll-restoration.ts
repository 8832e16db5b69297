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
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [pageName]);

  useLayoutEffect(() => {
    if (!ready) return;
    const y = readScrollPosition(pageName);
    if (y !== null && y > 0) window.scrollTo({ top: y });
  }, [pageName, ready]);
}
