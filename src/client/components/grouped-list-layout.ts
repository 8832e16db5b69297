import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * What the two virtualised grouped lists (components/initial-grouped-list.tsx for the alphabetical lists,
 * components/virtual-grouped-list.tsx for rows of varying height) share, so a layout bug is fixed once.
 */

/** Index of the last of `count` ascending positions at or above `y` (0 when none is). */
export function lastAtOrAbove(count: number, startOf: (index: number) => number, y: number): number {
  let low = 0;
  let high = count - 1;
  let found = 0;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (startOf(mid) <= y) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/**
 * The element's distance from the document top (what a window virtualizer calls its scroll margin), measured
 * again when the window resizes, when anything in the page changes height (a hint or a chip row above the
 * list appears without the window resizing) and when `rows` or `stickyTop` change.
 */
export function useDocumentTop(ref: RefObject<HTMLElement | null>, rows: unknown, stickyTop: number): number {
  const [top, setTop] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the rows or the bars above change
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [ref, rows, stickyTop]);
  return top;
}
