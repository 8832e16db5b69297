import { Box, styled, Typography } from '@mui/material';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
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
import type { InitialGroup } from '../../shared/domain/collation.ts';
import { lastAtOrAbove, useDocumentTop } from './grouped-list-layout.ts';

export type InitialGroupedListHandle = {
  /** Scrolls the window so that the letter's header sits just below the sticky bars, and focuses it. */
  scrollToLetter: (letter: string) => void;
};

type Row<T> =
  | { kind: 'header'; key: string; letter: string }
  | { kind: 'item'; key: string; letter: string; item: T };

type Layout<T> = {
  rows: Row<T>[];
  /** Top of each row, relative to the list. */
  starts: number[];
  totalSize: number;
  /** Row index and top of each header, in order. */
  headers: { index: number; start: number; letter: string }[];
};

type InitialGroupedListProps<T> = {
  groups: readonly InitialGroup<T>[];
  getKey: (item: T) => string;
  /** A row's content (inside its <li>). Keep the function stable (useCallback): rows are memoised. */
  renderItem: (item: T) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  itemHeight?: number;
  headerHeight?: number;
  /** Distance from the viewport top at which letter headers stick (below the app bar and toolbars). */
  stickyTop?: number;
  /** Told which group is at the top of the viewport, for highlighting it in the alphabet bar. */
  onActiveLetterChange?: (letter: string | null) => void;
  ref?: Ref<InitialGroupedListHandle>;
};

const DEFAULT_ITEM_HEIGHT = 68;
const DEFAULT_HEADER_HEIGHT = 34;

function buildLayout<T>(
  groups: readonly InitialGroup<T>[],
  getKey: (item: T) => string,
  itemHeight: number,
  headerHeight: number,
): Layout<T> {
  const rows: Row<T>[] = [];
  const starts: number[] = [];
  const headers: Layout<T>['headers'] = [];
  let y = 0;
  for (const group of groups) {
    headers.push({ index: rows.length, start: y, letter: group.letter });
    rows.push({ kind: 'header', key: `header:${group.letter}`, letter: group.letter });
    starts.push(y);
    y += headerHeight;
    for (const item of group.items) {
      rows.push({ kind: 'item', key: getKey(item), letter: group.letter, item });
      starts.push(y);
      y += itemHeight;
    }
  }
  return { rows, starts, totalSize: y, headers };
}

type ItemContentProps = { item: unknown; renderItem: (item: never) => ReactNode };

/** Rows re-render only when their item changes, not on every scroll frame. */
const ItemContent = memo(function ItemContent({ item, renderItem }: ItemContentProps) {
  return <>{(renderItem as (item: unknown) => ReactNode)(item)}</>;
});

function HeaderLabel({ letter, focusable }: { letter: string; focusable?: boolean }) {
  return (
    <Typography
      component={focusable ? 'h2' : 'span'}
      tabIndex={focusable ? -1 : undefined}
      sx={{
        fontSize: '0.85rem',
        fontWeight: 700,
        letterSpacing: '0.06em',
        color: 'primary.main',
        outline: 'none',
      }}
    >
      {letter}
    </Typography>
  );
}

const headerSx = {
  display: 'flex',
  alignItems: 'center',
  px: 2,
  bgcolor: '#f3eaef',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** One virtual row; static styles only, so every row shares one CSS class. */
const Row = styled('li')(({ theme }) => ({
  position: 'absolute',
  top: 0,
  left: 0,
  width: '100%',
  '&.header': {
    display: 'flex',
    alignItems: 'center',
    padding: theme.spacing(0, 2),
    backgroundColor: '#f3eaef',
    borderBottom: `1px solid ${theme.palette.divider}`,
    zIndex: 1,
  },
}));

/**
 * A long list grouped under initial-letter headers that stick below the page's sticky bars. Only the rows
 * in view are in the DOM (the window scrolls, so the page keeps its natural phone behaviour), which keeps
 * 5,000 customers smooth. Rows have fixed heights, so positions are computed, not measured.
 */
export function InitialGroupedList<T>({
  groups,
  getKey,
  renderItem,
  label,
  itemHeight = DEFAULT_ITEM_HEIGHT,
  headerHeight = DEFAULT_HEADER_HEIGHT,
  stickyTop = 0,
  onActiveLetterChange,
  ref,
}: InitialGroupedListProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const layout = useMemo(
    () => buildLayout(groups, getKey, itemHeight, headerHeight),
    [groups, getKey, itemHeight, headerHeight],
  );
  const { rows, starts, headers, totalSize } = layout;

  const listTop = useDocumentTop(listRef, layout, stickyTop);

  const getItemKey = useCallback((index: number) => rows[index]?.key ?? index, [rows]);
  const estimateSize = useCallback(
    (index: number) => (rows[index]?.kind === 'header' ? headerHeight : itemHeight),
    [rows, headerHeight, itemHeight],
  );
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize,
    getItemKey,
    overscan: 6,
    scrollMargin: listTop,
  });

  // Which header is stuck at the top: the last one that has scrolled up to the sticky line.
  const scrollY = virtualizer.scrollOffset ?? 0;
  const localY = scrollY + stickyTop - listTop;
  const activeHeader =
    headers.length > 0 ? lastAtOrAbove(headers.length, (index) => headers[index]?.start ?? 0, localY) : -1;
  const active = headers[activeHeader];
  const next = headers[activeHeader + 1];
  const pushUp = next ? Math.min(0, next.start - localY - headerHeight) : 0;
  const stuck = localY > 0;
  // Near the end the page cannot scroll a picked letter up to the sticky line; the picked letter still
  // counts as the active one until the owner scrolls away.
  const [jumped, setJumped] = useState<{ letter: string; y: number } | null>(null);
  const jumpHolds = jumped !== null && Math.abs(scrollY - jumped.y) < 2;
  const activeLetter = jumpHolds ? jumped.letter : (active?.letter ?? null);

  const reportActive = useRef(onActiveLetterChange);
  reportActive.current = onActiveLetterChange;
  useEffect(() => {
    reportActive.current?.(activeLetter);
  }, [activeLetter]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToLetter: (letter: string) => {
        const header = headers.find((candidate) => candidate.letter === letter);
        if (!header) return;
        window.scrollTo({ top: Math.max(0, listTop + header.start - stickyTop), behavior: 'instant' });
        setJumped({ letter, y: window.scrollY });
        // Keyboard users continue from the group they jumped to; the header renders after the scroll.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            listRef.current
              ?.querySelector<HTMLElement>(`[data-letter="${letter}"] h2`)
              ?.focus({ preventScroll: true });
          }),
        );
      },
    }),
    [headers, listTop, stickyTop],
  );

  return (
    <Box
      sx={{
        position: 'relative',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        // clip (not hidden) rounds the corners without breaking the sticky header.
        overflow: 'clip',
      }}
    >
      <Box
        aria-hidden
        sx={{
          position: 'sticky',
          top: stickyTop,
          height: 0,
          zIndex: 2,
          visibility: stuck && active ? 'visible' : 'hidden',
        }}
      >
        <Box sx={headerSx} style={{ height: headerHeight, transform: `translateY(${pushUp}px)` }}>
          {active && <HeaderLabel letter={active.letter} />}
        </Box>
      </Box>
      <Box
        component="ul"
        ref={listRef}
        aria-label={label}
        sx={{ position: 'relative', height: totalSize, m: 0, p: 0, listStyle: 'none' }}
      >
        {virtualizer.getVirtualItems().map((virtualRow) => {
          const row = rows[virtualRow.index];
          if (!row) return null;
          const top = starts[virtualRow.index] ?? 0;
          const isHeader = row.kind === 'header';
          return (
            <Row
              key={row.key}
              className={isHeader ? 'header' : undefined}
              data-letter={isHeader ? row.letter : undefined}
              aria-setsize={rows.length}
              aria-posinset={virtualRow.index + 1}
              // Positions go in inline styles: as sx they would mint a CSS class for every pixel offset.
              style={{
                height: isHeader ? headerHeight : itemHeight,
                transform: `translateY(${top}px)`,
                scrollMarginTop: stickyTop + headerHeight,
              }}
            >
              {isHeader ? (
                <HeaderLabel letter={row.letter} focusable />
              ) : (
                <ItemContent item={row.item} renderItem={renderItem as (item: never) => ReactNode} />
              )}
            </Row>
          );
        })}
      </Box>
    </Box>
  );
}
