import { observeWindowOffset } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * The pure parts of the grouped list (components/grouped-list.tsx): its rows in order, the search for the
 * group at the sticky line, the list's document top and the measured sizes kept across pages.
 */

/** A group of the list: its items under one (optional) header. */
export type ListGroup<T> = { key: string; items: readonly T[] };

/** One row of the virtual list: a group's header or one of its items. */
export type Entry<T, G> =
  | { kind: 'header'; key: string; group: G; groupIndex: number }
  | { kind: 'item'; key: string; group: G; groupIndex: number; item: T; position: number };

/** Where a group's header and items sit among the entries. */
export type GroupSpan = { headerIndex: number | null; firstItem: number; lastItem: number };

/** The groups flattened into one row per header and item, with each group's span. */
export function buildEntries<T, G extends ListGroup<T>>(
  groups: readonly G[],
  getKey: (item: T) => string,
  withHeaders: boolean,
): { entries: Entry<T, G>[]; spans: GroupSpan[] } {
  const entries: Entry<T, G>[] = [];
  const spans: GroupSpan[] = [];
  groups.forEach((group, groupIndex) => {
    let headerIndex: number | null = null;
    if (withHeaders) {
      headerIndex = entries.length;
      entries.push({ kind: 'header', key: `header:${group.key}`, group, groupIndex });
    }
    const firstItem = entries.length;
    group.items.forEach((item, position) => {
      entries.push({ kind: 'item', key: getKey(item), group, groupIndex, item, position });
    });
    spans.push({ headerIndex, firstItem, lastItem: entries.length - 1 });
  });
  return { entries, spans };
}

/** Measured heights per list name and row key; module-wide so they outlive the page. */
const sizeCaches = new Map<string, Map<string, number>>();

/** The sizes kept under `name` (a fresh, unshared map without a name). */
export function sizeCacheNamed(name: string | undefined): Map<string, number> {
  if (!name) return new Map();
  let cache = sizeCaches.get(name);
  if (!cache) {
    cache = new Map();
    sizeCaches.set(name, cache);
  }
  return cache;
}

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

/**
 * The window's scroll as the list follows it, told once at the start as well: a list hydrated at the top of the
 * page would otherwise wait for the next scroll to find out that the window is further down.
 */
export const fromHere: typeof observeWindowOffset = (instance, report) => {
  const stop = observeWindowOffset(instance, report);
  queueMicrotask(() => report(window.scrollY, false));
  return stop;
};
