import CheckIcon from '@mui/icons-material/Check';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import { Box, CircularProgress, FormHelperText, Typography } from '@mui/material';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useMemo, useRef } from 'react';
import { needsPriceBeforeCompletion } from '../../shared/domain/bead-rules.ts';
import { filterByName } from '../../shared/domain/collation.ts';
import { formatKr } from '../../shared/domain/money.ts';
import { texts } from '../../shared/texts.ts';
import { BeadThumb } from './bead-thumb.tsx';
import { SearchBox } from './search-box.tsx';
import { StockText } from './stock-text.tsx';

/** What the picker shows of a bead: its cover photo's thumbnail beside the name (decision 0016). */
export type PickableBead = {
  id: string;
  name: string;
  priceOre: number;
  saleType: string | null;
  photoId?: string | null;
  /** How many are on the shelf (docs/product/stock.md), shown under the name; null: never counted. */
  stock?: number | null;
};

const OPTION_HEIGHT = 44;
/** The list's height in a small dialog (docs/product/screens.md). */
const FIXED_HEIGHT = 210;
/** The most the list is ever high; also what a list not laid out yet renders rows for. */
const MAX_HEIGHT = 300;

/**
 * A list that has no size yet (not laid out, or a test's DOM without layout) still renders the first
 * screenful of rows rather than none.
 */
function observeListRect(
  instance: Virtualizer<HTMLDivElement, Element>,
  callback: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    callback(rect.height > 0 ? rect : { width: rect.width, height: MAX_HEIGHT }),
  );
}

/** The beads the search shows, in the order given; an empty search shows them all. */
export function matchingBeads<B extends PickableBead>(beads: readonly B[], search: string): B[] {
  return filterByName(beads, search, (bead) => bead.name);
}

type BeadPickerProps<B extends PickableBead> = {
  /** The beads that may be picked, sorted as they should show (the caller decides which are listed). */
  beads: readonly B[];
  loading: boolean;
  search: string;
  onSearchChange: (value: string) => void;
  /** The chosen bead's id. */
  value: string | null;
  onChange: (bead: B) => void;
  /** Accessible name of the list box. */
  label: string;
  searchPlaceholder: string;
  loadingText: string;
  emptyText: string;
  /** Under the empty text, e.g. a button that creates the searched name. */
  emptyAction?: ReactNode;
  error?: string | null;
  searchRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  /** Enter in the search field picks the first match instead of sending the form. */
  enterPicksFirst?: boolean;
  /** 'fill' grows with the dialog (full screen on a phone, at most 300 px above); else 210 px. */
  size?: 'fill' | 'fixed';
};

/**
 * The one bead picker (add-line and todo dialogs): a search field over a list box of beads. The list is
 * virtualised, so a shop with thousands of beads stays quick. Arrow keys in the search field or the list
 * move the choice; the chosen bead scrolls into view.
 */
export function BeadPicker<B extends PickableBead>({
  beads,
  loading,
  search,
  onSearchChange,
  value,
  onChange,
  label,
  searchPlaceholder,
  loadingText,
  emptyText,
  emptyAction,
  error,
  searchRef,
  autoFocus = false,
  enterPicksFirst = false,
  size = 'fixed',
}: BeadPickerProps<B>) {
  const id = useId();
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const shown = useMemo(() => matchingBeads(beads, search), [beads, search]);
  const chosenIndex = value ? shown.findIndex((bead) => bead.id === value) : -1;
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => OPTION_HEIGHT,
    getItemKey: (index) => shown[index]?.id ?? index,
    overscan: 6,
    initialRect: { width: 0, height: MAX_HEIGHT },
    observeElementRect: observeListRect,
  });

  useEffect(() => {
    if (chosenIndex >= 0) virtualizer.scrollToIndex(chosenIndex, { align: 'auto' });
  }, [chosenIndex, virtualizer]);

  const move = (step: number | 'first' | 'last', focus: boolean) => {
    if (shown.length === 0) return;
    let index: number;
    if (step === 'first') index = 0;
    else if (step === 'last') index = shown.length - 1;
    else index = Math.min(shown.length - 1, Math.max(0, chosenIndex + step));
    const bead = shown[index];
    if (!bead) return;
    onChange(bead);
    if (focus) {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      requestAnimationFrame(() =>
        scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus(),
      );
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1, false);
    } else if (event.key === 'Enter' && enterPicksFirst) {
      event.preventDefault();
      move('first', false);
    }
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number | 'first' | 'last'> = {
      ArrowDown: 1,
      ArrowUp: -1,
      Home: 'first',
      End: 'last',
    };
    const step = moves[event.key];
    if (step === undefined) return;
    event.preventDefault();
    move(step, true);
  };

  const fill = size === 'fill';
  const focusIndex = Math.max(0, chosenIndex);
  let list: ReactNode;
  if (loading) {
    list = (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 3, justifyContent: 'center' }}
      >
        <CircularProgress size={20} />
        <Typography color="text.secondary">{loadingText}</Typography>
      </Box>
    );
  } else if (shown.length === 0) {
    list = (
      <Box sx={{ p: 2, textAlign: 'center', color: 'text.secondary' }}>
        <Typography sx={{ mb: emptyAction ? 1 : 0 }}>{emptyText}</Typography>
        {emptyAction}
      </Box>
    );
  } else {
    list = (
      <Box
        role="listbox"
        id={`${id}-beads`}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        onKeyDown={onListKeyDown}
        sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const bead = shown[row.index];
          if (!bead) return null;
          const selected = bead.id === value;
          return (
            <Box
              key={row.key}
              data-index={row.index}
              role="option"
              aria-selected={selected}
              aria-setsize={shown.length}
              aria-posinset={row.index + 1}
              tabIndex={row.index === focusIndex ? 0 : -1}
              onClick={() => onChange(bead)}
              onKeyDown={(event) => {
                if (event.key === ' ' || event.key === 'Enter') {
                  event.preventDefault();
                  onChange(bead);
                }
              }}
              style={{ transform: `translateY(${row.start}px)` }}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: OPTION_HEIGHT,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                px: 1.5,
                cursor: 'pointer',
                bgcolor: selected ? 'rgba(123, 45, 85, 0.12)' : undefined,
                color: selected ? 'primary.main' : undefined,
                fontWeight: selected ? 700 : undefined,
                '&:hover': { bgcolor: selected ? 'rgba(123, 45, 85, 0.16)' : 'action.hover' },
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              <BeadThumb
                photoId={bead.photoId}
                name={bead.name}
                size={32}
                rounded="square"
                fallback="blank"
              />
              <Box component="span" sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography
                  component="span"
                  noWrap
                  sx={{
                    display: 'block',
                    fontWeight: 'inherit',
                    lineHeight: bead.stock == null ? undefined : 1.3,
                  }}
                >
                  {bead.name}
                </Typography>
                {bead.stock != null && (
                  <Box component="span" sx={{ display: 'block', lineHeight: 1.2 }}>
                    <StockText stock={bead.stock} variant="caption" />
                  </Box>
                )}
              </Box>
              {bead.saleType && (
                <LocalOfferOutlinedIcon
                  titleAccess={texts.beads.onOffer}
                  fontSize="small"
                  sx={{ color: 'primary.main' }}
                />
              )}
              {needsPriceBeforeCompletion(bead) ? (
                <NewReleasesOutlinedIcon
                  titleAccess={texts.todos.newBeadMarker}
                  fontSize="small"
                  sx={{ color: 'warning.main' }}
                />
              ) : (
                <Typography
                  component="span"
                  variant="body2"
                  sx={{ color: 'text.secondary', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {formatKr(bead.priceOre)}
                </Typography>
              )}
              <CheckIcon
                fontSize="small"
                aria-hidden
                sx={{ visibility: selected ? 'visible' : 'hidden', color: 'primary.main' }}
              />
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        ...(fill ? { minHeight: 0, flexGrow: 1 } : {}),
      }}
    >
      <Box onKeyDown={onSearchKeyDown}>
        <SearchBox
          ref={searchRef}
          value={search}
          onChange={onSearchChange}
          placeholder={searchPlaceholder}
          autoFocus={autoFocus}
        />
      </Box>
      <Box
        ref={scrollRef}
        sx={{
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: 'background.paper',
          ...(fill
            ? { flexGrow: 1, maxHeight: { xs: 'none', sm: MAX_HEIGHT }, minHeight: { xs: 0, sm: 'auto' } }
            : { height: FIXED_HEIGHT }),
        }}
      >
        {list}
      </Box>
      {error && (
        <FormHelperText error role="alert" sx={{ mx: 1.75 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
