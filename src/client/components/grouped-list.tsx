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
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useFirstScreenViewport } from '../lib/hydration.ts';
import {
  buildEntries,
  fromHere,
  type ListGroup,
  lastAtOrAbove,
  sizeCacheNamed,
  useDocumentTop,
} from './grouped-list-layout.ts';

export type { ListGroup } from './grouped-list-layout.ts';

export type GroupedListHandle = {
  /**
   * Scrolls the window so that the group's header (or first row) sits just below the sticky bars. The group
   * counts as the active one while the page stays where the jump left it; with `focus`, its header's h2
   * takes the focus, so keyboard users continue from the group they jumped to.
   */
  scrollToGroup: (key: string, options?: { focus?: boolean }) => void;
};

/** Rows and headers either have fixed heights (computed positions, nothing measured) or are measured. */
type Sizing =
  | {
      /** Every row and header has this height: positions are computed, nothing is measured (cheap on phones). */
      fixedHeights: { item: number; header: number };
      estimateItemHeight?: never;
      estimateHeaderHeight?: never;
      sizeCacheName?: never;
    }
  | {
      fixedHeights?: never;
      /** First guess of a row's height before it is measured. */
      estimateItemHeight: number;
      estimateHeaderHeight?: number;
      /**
       * Measured heights survive leaving the page under this name, so that coming back lays the list out
       * exactly as it was and a restored scroll position lands on the same row.
       */
      sizeCacheName?: string;
    };

type GroupedListProps<T, G extends ListGroup<T>> = Sizing & {
  groups: readonly G[];
  getKey: (item: T) => string;
  /** A row's content (inside its <li>). Keep it stable (useCallback): rows are memoised on their item. */
  renderItem: (item: T, group: G) => ReactNode;
  /**
   * The group's header (an h2 inside, usually). Without it the list has no headers: one plain list. `stuck`
   * is set for the copy stuck at the top, which is hidden from screen readers and cannot take the focus.
   */
  renderHeader?: (group: G, place: { stuck: boolean }) => ReactNode;
  /** Accessible name of a group's list (and of its section when there are headers). */
  groupLabel: (group: G) => string;
  /** Accessible name of the whole list: its groups then sit in a group of that name. */
  label?: string;
  /** Styles of the box around the whole list (one card, say). */
  frameSx?: SxProps<Theme>;
  /** Where headers stick, from the viewport top (below the app bar and toolbars). */
  stickyTop?: number;
  /** Keeps the header of the group in view stuck at the top while its rows scroll under it. */
  stickyHeaders?: boolean;
  /** Told which group is at the top of the viewport (below the sticky bars), for an alphabet bar, say. */
  onActiveGroupChange?: (key: string | null) => void;
  /** Styles of each group's list box (a card, say). Rows are absolutely placed inside it. */
  listSx?: SxProps<Theme>;
  /** A line between the rows of a group. */
  divided?: boolean;
  overscan?: number;
  ref?: Ref<GroupedListHandle>;
};

type ItemContentProps = {
  item: unknown;
  group: unknown;
  renderItem: (item: never, group: never) => ReactNode;
};

/** Rows re-render only when their item changes, not on every scroll frame. */
const ItemContent = memo(function ItemContent({ item, group, renderItem }: ItemContentProps) {
  return <>{(renderItem as (item: unknown, group: unknown) => ReactNode)(item, group)}</>;
});

/** A header's place in the list; above the rows, like a header row of its own. */
const HeaderSlot = styled('div')({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  // Fixed-height lists (Kunder, Nåle) keep their header above the rows, as their one list had it; the measured
  // lists leave the stacking to the order of the document (a header over a card's top edge would tint it).
  '&.above': { zIndex: 1 },
});
const Row = styled('li')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  '&.divided': { borderTop: `1px solid ${theme.palette.divider}` },
}));

/**
 * A long list, optionally in groups under headers that stick below the page's sticky bars: every grouped
 * screen (Kunder and Nåle under initial letters, the todo list in each grouping, Ordrer, Puden, a customer's
 * orders). Only the rows in view are in the DOM, and the window scrolls, so the page keeps its natural phone
 * behaviour. Rows either have fixed heights (positions computed, nothing measured) or are measured as they
 * render (an estimate stands in until then), keyed by their item, so a row being swiped keeps its state
 * while the list changes around it.
 *
 * Each group is a <section> (named after the group) holding its header and a <ul> of its rows in view,
 * so a screen reader hears the same structure as in a fully rendered list. Without a measured viewport
 * (jsdom) the window's size still gives a first screenful of rows.
 */
export function GroupedList<T, G extends ListGroup<T>>({
  groups,
  getKey,
  renderItem,
  renderHeader,
  groupLabel,
  label,
  frameSx,
  fixedHeights,
  estimateItemHeight = 0,
  estimateHeaderHeight = 48,
  stickyTop = 0,
  stickyHeaders = false,
  onActiveGroupChange,
  listSx,
  divided = false,
  sizeCacheName,
  overscan = 6,
  ref,
}: GroupedListProps<T, G>) {
  const containerRef = useRef<HTMLDivElement>(null);
  const withHeaders = renderHeader !== undefined;
  const { entries, spans } = useMemo(
    () => buildEntries(groups, getKey, withHeaders),
    [groups, getKey, withHeaders],
  );
  const sizeCache = useMemo(() => sizeCacheNamed(sizeCacheName), [sizeCacheName]);
  // Numbers, not the object, in the hooks' dependencies: a caller's inline object must not re-lay the list out.
  const fixed = fixedHeights !== undefined;
  const itemHeight = fixedHeights?.item ?? estimateItemHeight;
  const headerHeight = fixedHeights?.header ?? estimateHeaderHeight;

  // The list's distance from the document top: what the window virtualizer calls scroll margin.
  const listTop = useDocumentTop(containerRef, entries, stickyTop);

  const getItemKey = useCallback((index: number) => entries[index]?.key ?? index, [entries]);
  const estimateSize = useCallback(
    (index: number) => {
      const entry = entries[index];
      const guess = entry?.kind === 'header' ? headerHeight : itemHeight;
      return fixed || !entry ? guess : (sizeCache.get(entry.key) ?? guess);
    },
    [entries, sizeCache, fixed, headerHeight, itemHeight],
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

  // On the server (a first screen rendered there), and while the app hydrates it, the rows that fill the expected
  // screen. Rows of unknown height stand one below the other there (nothing can be measured on the server); once
  // the app has taken over, it lays them out by their measured heights.
  const serverViewport = useFirstScreenViewport();
  const flow = serverViewport !== null && !fixed;
  const inFlow = flow ? ({ position: 'relative', transform: 'none', top: 0, height: 'auto' } as const) : null;
  const virtualizer = useWindowVirtualizer({
    // The rows of the top of the list, as the server rendered them; while the app hydrates they must not move the
    // window there too (she may have scrolled the server's screen already): no scrolling until it has taken over,
    // then the list starts from where the window is.
    ...(serverViewport
      ? {
          initialRect: serverViewport,
          initialOffset: 0,
          scrollToFn: () => undefined,
          observeElementOffset: fromHere,
        }
      : {}),
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
  // Fixed heights are not measured: no ref, the height in the style.
  const measureRef = fixed ? undefined : virtualizer.measureElement;
  // Focus moving to a row (Tab) scrolls it clear of the sticky bars and the stuck header.
  const scrollMarginTop = fixed ? stickyTop + (stickyHeaders ? headerHeight : 0) : undefined;

  // The group at the sticky line: the last one whose header (or first row) has scrolled up to it.
  const scrollY = virtualizer.scrollOffset ?? 0;
  const localY = scrollY + stickyTop - listTop;
  const activeIndex =
    spans.length > 0 && ((stickyHeaders && withHeaders) || onActiveGroupChange)
      ? lastAtOrAbove(
          spans.length,
          (index) => startOf(spans[index]?.headerIndex ?? spans[index]?.firstItem ?? 0),
          localY,
        )
      : -1;
  // Near the end the page cannot scroll a picked group up to the sticky line; the picked group still
  // counts as the active one until the owner scrolls away.
  const [jumped, setJumped] = useState<{ key: string; y: number } | null>(null);
  const jumpHolds = jumped !== null && Math.abs(scrollY - jumped.y) < 2;
  const activeKey = jumpHolds ? jumped.key : (groups[activeIndex]?.key ?? null);

  const reportActive = useRef(onActiveGroupChange);
  reportActive.current = onActiveGroupChange;
  useEffect(() => {
    reportActive.current?.(activeKey);
  }, [activeKey]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToGroup: (key: string, options?: { focus?: boolean }) => {
        const index = groups.findIndex((group) => group.key === key);
        const span = spans[index];
        if (!span) return;
        const start = virtualizer.measurementsCache[span.headerIndex ?? span.firstItem]?.start ?? 0;
        window.scrollTo({ top: Math.max(0, start - stickyTop), behavior: 'instant' });
        setJumped({ key, y: window.scrollY });
        const headerIndex = span.headerIndex;
        if (!options?.focus || headerIndex === null) return;
        // The header renders after the scroll.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            containerRef.current
              ?.querySelector<HTMLElement>(`[data-index="${headerIndex}"] h2`)
              ?.focus({ preventScroll: true });
          }),
        );
      },
    }),
    [groups, spans, stickyTop, virtualizer],
  );

  // The header stuck at the top: the active group's, pushed up by the next one.
  let stuckHeader: ReactNode = null;
  const active = spans[activeIndex];
  const activeGroup = groups[activeIndex];
  if (stickyHeaders && renderHeader && localY > 0 && active?.headerIndex != null && activeGroup) {
    const next = spans[activeIndex + 1];
    const height = endOf(active.headerIndex) - startOf(active.headerIndex);
    const nextStart = next?.headerIndex != null ? startOf(next.headerIndex) : Number.POSITIVE_INFINITY;
    const pushUp = Math.min(0, nextStart - localY - height);
    stuckHeader = (
      <Box aria-hidden inert sx={{ position: 'sticky', top: stickyTop, height: 0, zIndex: 2 }}>
        <div style={{ transform: `translateY(${pushUp}px)` }}>
          {renderHeader(activeGroup, { stuck: true })}
        </div>
      </Box>
    );
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
        <HeaderSlot
          key={entry.key}
          data-index={virtualRow.index}
          ref={measureRef}
          className={fixedHeights ? 'above' : undefined}
          style={{
            transform: `translateY(${top}px)`,
            height: fixedHeights?.header,
            scrollMarginTop,
            ...inFlow,
          }}
        >
          {renderHeader?.(entry.group, { stuck: false })}
        </HeaderSlot>
      );
    } else {
      const span = spans[entry.groupIndex];
      const listStart = span ? startOf(span.firstItem) : 0;
      slot.rows.push(
        <Row
          key={entry.key}
          data-index={virtualRow.index}
          ref={measureRef}
          className={divided && entry.position > 0 ? 'divided' : undefined}
          aria-setsize={entry.group.items.length}
          aria-posinset={entry.position + 1}
          // Positions go in inline styles: as sx they would mint a CSS class for every pixel offset.
          style={{
            transform: `translateY(${top - listStart}px)`,
            height: fixedHeights?.item,
            scrollMarginTop,
            ...inFlow,
          }}
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
    const name = groupLabel(group);
    const listStart = startOf(span.firstItem);
    const list =
      span.lastItem >= span.firstItem ? (
        <Box
          component="ul"
          aria-label={name}
          sx={[
            { position: 'absolute', left: 0, width: '100%', m: 0, p: 0, listStyle: 'none' },
            ...(Array.isArray(listSx) ? listSx : [listSx]),
          ]}
          style={{ top: listStart, height: endOf(span.lastItem) - listStart, ...inFlow }}
        >
          {slot.rows}
        </Box>
      ) : null;
    sections.push(
      withHeaders ? (
        <section key={group.key} aria-label={name}>
          {slot.header}
          {list}
        </section>
      ) : (
        <Fragment key={group.key}>{list}</Fragment>
      ),
    );
  }

  const content = (
    <Box
      ref={containerRef}
      sx={{ position: 'relative' }}
      style={{ height: flow ? 'auto' : virtualizer.getTotalSize() }}
    >
      {stuckHeader}
      {sections}
    </Box>
  );
  if (frameSx === undefined && label === undefined) return content;
  return (
    <Box role={label === undefined ? undefined : 'group'} aria-label={label} sx={frameSx}>
      {content}
    </Box>
  );
}
