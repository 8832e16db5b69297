import { Box, styled } from '@mui/material';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  measureElement as measureRow,
  useWindowVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  Fragment,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useImperativeHandle,
  useMemo,
  useRef,
} from 'react';
import { lastAtOrAbove, useDocumentTop } from './grouped-list-layout.ts';

/** A group of the list: its items under one (optional) header. */
export type VirtualGroup<T> = { key: string; items: readonly T[] };

export type VirtualGroupedListHandle = {
  /** Scrolls the window so that the group's header (or first row) sits just below the sticky bars. */
  scrollToGroup: (key: string) => void;
};

type Entry<T, G> =
  | { kind: 'header'; key: string; group: G; groupIndex: number }
  | { kind: 'item'; key: string; group: G; groupIndex: number; item: T; position: number };

type GroupSpan = { headerIndex: number | null; firstItem: number; lastItem: number };

type VirtualGroupedListProps<T, G extends VirtualGroup<T>> = {
  groups: readonly G[];
  getKey: (item: T) => string;
  /** A row's content (inside its <li>). Keep it stable (useCallback): rows are memoised on their item. */
  renderItem: (item: T, group: G) => ReactNode;
  /** The group's header (an h2 inside, usually). Without it the list has no headers: one plain list. */
  renderHeader?: (group: G) => ReactNode;
  /** Accessible name of a group's list (and of its section when there are headers). */
  groupLabel: (group: G) => string;
  /** First guess of a row's height before it is measured. */
  estimateItemHeight: number;
  estimateHeaderHeight?: number;
  /** Where headers stick, from the viewport top (below the app bar and toolbars). */
  stickyTop?: number;
  /** Keeps the header of the group in view stuck at the top while its rows scroll under it. */
  stickyHeaders?: boolean;
  /** Styles of each group's list box (a card, say). Rows are absolutely placed inside it. */
  listSx?: SxProps<Theme>;
  /** A line between the rows of a group. */
  divided?: boolean;
  /**
   * Measured heights survive leaving the page under this name, so that coming back lays the list out
   * exactly as it was and a restored scroll position lands on the same row.
   */
  sizeCacheName?: string;
  overscan?: number;
  ref?: Ref<VirtualGroupedListHandle>;
};

/** Measured heights per list name and row key; module-wide so they outlive the page. */
const sizeCaches = new Map<string, Map<string, number>>();

function buildEntries<T, G extends VirtualGroup<T>>(
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

type ItemContentProps = {
  item: unknown;
  group: unknown;
  renderItem: (item: never, group: never) => ReactNode;
};

/** Rows re-render only when their item changes, not on every scroll frame. */
const ItemContent = memo(function ItemContent({ item, group, renderItem }: ItemContentProps) {
  return <>{(renderItem as (item: unknown, group: unknown) => ReactNode)(item, group)}</>;
});

const Positioned = styled('div')({ position: 'absolute', top: 0, left: 0, width: '100%' });
const Row = styled('li')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  '&.divided': { borderTop: `1px solid ${theme.palette.divider}` },
}));

/**
 * A long list, optionally in groups under headers that stick below the page's sticky bars (the todo list
 * in each grouping, Ordrer, Puden). Only the rows in view are in the DOM, and the window scrolls, so the
 * page keeps its natural phone behaviour. Rows are measured as they render (an estimate stands in until
 * then), keyed by their item, so a row being swiped keeps its state while the list changes around it.
 *
 * Each group is a <section> (named after the group) holding its header and a <ul> of its rows in view,
 * so a screen reader hears the same structure as in a fully rendered list. Without a measured viewport
 * (jsdom) the window's size still gives a first screenful of rows.
 */
export function VirtualGroupedList<T, G extends VirtualGroup<T>>({
  groups,
  getKey,
  renderItem,
  renderHeader,
  groupLabel,
  estimateItemHeight,
  estimateHeaderHeight = 48,
  stickyTop = 0,
  stickyHeaders = false,
  listSx,
  divided = false,
  sizeCacheName,
  overscan = 6,
  ref,
}: VirtualGroupedListProps<T, G>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const withHeaders = renderHeader !== undefined;
  const { entries, spans } = useMemo(
    () => buildEntries(groups, getKey, withHeaders),
    [groups, getKey, withHeaders],
  );

  const sizeCache = useMemo(() => {
    if (!sizeCacheName) return new Map<string, number>();
    let cache = sizeCaches.get(sizeCacheName);
    if (!cache) {
      cache = new Map();
      sizeCaches.set(sizeCacheName, cache);
    }
    return cache;
  }, [sizeCacheName]);

  // The list's distance from the document top: what the window virtualizer calls scroll margin.
  const listTop = useDocumentTop(containerRef, entries, stickyTop);

  const getItemKey = useCallback((index: number) => entries[index]?.key ?? index, [entries]);
  const estimateSize = useCallback(
    (index: number) => {
      const entry = entries[index];
      if (!entry) return estimateItemHeight;
      return (
        sizeCache.get(entry.key) ?? (entry.kind === 'header' ? estimateHeaderHeight : estimateItemHeight)
      );
    },
    [entries, sizeCache, estimateHeaderHeight, estimateItemHeight],
  );
  const measureElement = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
      const size = measureRow(element, entry, instance);
      const index = instance.indexFromElement(element);
      // No layout (jsdom, a hidden tab): keep the estimate rather than stacking every row at 0.
      if (size <= 0) return estimateSize(index);
      const key = entries[index]?.key;
      if (key !== undefined) sizeCache.set(key, size);
      return size;
    },
    [entries, estimateSize, sizeCache],
  );

  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize,
    getItemKey,
    measureElement,
    overscan,
    scrollMargin: listTop,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const measurements = virtualizer.measurementsCache;
  const startOf = (index: number) => (measurements[index]?.start ?? listTop) - listTop;
  const endOf = (index: number) => (measurements[index]?.end ?? listTop) - listTop;

  useImperativeHandle(
    ref,
    () => ({
      scrollToGroup: (key: string) => {
        const index = groups.findIndex((group) => group.key === key);
        const span = spans[index];
        if (!span) return;
        const start = virtualizer.measurementsCache[span.headerIndex ?? span.firstItem]?.start ?? 0;
        window.scrollTo({ top: Math.max(0, start - stickyTop), behavior: 'instant' });
      },
    }),
    [groups, spans, stickyTop, virtualizer],
  );

  // The header stuck at the top: the last one that has scrolled up to the sticky line, pushed up by the next.
  let stuckHeader: ReactNode = null;
  if (stickyHeaders && renderHeader && spans.length > 0) {
    const localY = (virtualizer.scrollOffset ?? 0) + stickyTop - listTop;
    const activeIndex = lastAtOrAbove(
      spans.length,
      (index) => startOf(spans[index]?.headerIndex ?? spans[index]?.firstItem ?? 0),
      localY,
    );
    const active = spans[activeIndex];
    const activeGroup = groups[activeIndex];
    const next = spans[activeIndex + 1];
    if (localY > 0 && active?.headerIndex != null && activeGroup) {
      const height = endOf(active.headerIndex) - startOf(active.headerIndex);
      const nextStart = next?.headerIndex != null ? startOf(next.headerIndex) : Number.POSITIVE_INFINITY;
      const pushUp = Math.min(0, nextStart - localY - height);
      stuckHeader = (
        <Box aria-hidden inert sx={{ position: 'sticky', top: stickyTop, height: 0, zIndex: 2 }}>
          <div style={{ transform: `translateY(${pushUp}px)` }}>{renderHeader(activeGroup)}</div>
        </Box>
      );
    }
  }

  // The rows in view, gathered per group so each group keeps its own section and list.
  const inView = new Map<number, { header: ReactNode; rows: ReactNode[] }>();
  for (const virtualRow of virtualItems) {
    const entry = entries[virtualRow.index];
    if (!entry) continue;
    let slot = inView.get(entry.groupIndex);
    if (!slot) {
      slot = { header: null, rows: [] };
      inView.set(entry.groupIndex, slot);
    }
    const top = virtualRow.start - listTop;
    if (entry.kind === 'header') {
      slot.header = (
        <Positioned
          key={entry.key}
          data-index={virtualRow.index}
          ref={virtualizer.measureElement}
          style={{ transform: `translateY(${top}px)` }}
        >
          {renderHeader?.(entry.group)}
        </Positioned>
      );
    } else {
      const span = spans[entry.groupIndex];
      const listStart = span ? startOf(span.firstItem) : 0;
      slot.rows.push(
        <Row
          key={entry.key}
          data-index={virtualRow.index}
          ref={virtualizer.measureElement}
          className={divided && entry.position > 0 ? 'divided' : undefined}
          aria-setsize={entry.group.items.length}
          aria-posinset={entry.position + 1}
          // Positions go in inline styles: as sx they would mint a CSS class for every pixel offset.
          style={{ transform: `translateY(${top - listStart}px)` }}
        >
          <ItemContent
            item={entry.item}
            group={entry.group}
            renderItem={renderItem as (item: never, group: never) => ReactNode}
          />
        </Row>,
      );
    }
  }

  const sections: ReactNode[] = [];
  for (const [groupIndex, slot] of inView) {
    const group = groups[groupIndex];
    const span = spans[groupIndex];
    if (!group || !span) continue;
    const label = groupLabel(group);
    const listStart = startOf(span.firstItem);
    const list =
      span.lastItem >= span.firstItem ? (
        <Box
          component="ul"
          aria-label={label}
          sx={[
            { position: 'absolute', left: 0, width: '100%', m: 0, p: 0, listStyle: 'none' },
            ...(Array.isArray(listSx) ? listSx : [listSx]),
          ]}
          style={{ top: listStart, height: endOf(span.lastItem) - listStart }}
        >
          {slot.rows}
        </Box>
      ) : null;
    sections.push(
      withHeaders ? (
        <section key={group.key} aria-label={label}>
          {slot.header}
          {list}
        </section>
      ) : (
        <Fragment key={group.key}>{list}</Fragment>
      ),
    );
  }

  return (
    <Box ref={containerRef} sx={{ position: 'relative' }} style={{ height: virtualizer.getTotalSize() }}>
      {stuckHeader}
      {sections}
    </Box>
  );
}
