import { Box, Chip, styled, useMediaQuery } from '@mui/material';
import { useEffect, useRef } from 'react';
import { texts } from '../../shared/texts.ts';

export type AlphabetBarVariant = 'chips' | 'touch';

type AlphabetBarProps = {
  /** The initials that have entries, in display order (A … Z, Æ, Ø, Å, #). */
  letters: readonly string[];
  /** Called with the letter the owner picked; the list scrolls there. */
  onJump: (letter: string) => void;
  /** The group shown at the top of the list right now, highlighted in the bar. */
  activeLetter?: string | null;
  /** Accessible name of the bar, e.g. 'Gå til bogstav'. */
  label: string;
  /** Chips on desktop, bigger buttons in a scrolling strip on touch screens; detected when left out. */
  variant?: AlphabetBarVariant;
};

/** Touch screens and narrow windows get the big buttons. */
const TOUCH_QUERY = '(pointer: coarse), (max-width: 599.95px)';

/**
 * The alphabet jump bar (docs/product/screens.md): one button per initial that has entries. Shown only when
 * there is more than one initial, since jumping within one group helps nobody.
 */
export function AlphabetBar({ letters, onJump, activeLetter = null, label, variant }: AlphabetBarProps) {
  const prefersTouch = useMediaQuery(TOUCH_QUERY);
  const resolved: AlphabetBarVariant = variant ?? (prefersTouch ? 'touch' : 'chips');
  const stripRef = useRef<HTMLDivElement>(null);

  // Keeps the highlighted letter in sight in the scrolling strip, without moving the page.
  useEffect(() => {
    const strip = stripRef.current;
    if (resolved !== 'touch' || !strip || !activeLetter) return;
    const button = strip.querySelector<HTMLElement>(`[data-letter="${activeLetter}"]`);
    if (!button) return;
    const left = button.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + button.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo({ left: left - strip.clientWidth / 2 + button.offsetWidth / 2 });
    }
  }, [activeLetter, resolved]);

  if (letters.length < 2) return null;

  if (resolved === 'chips') {
    return (
      <Box
        component="nav"
        aria-label={label}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-start' }}
      >
        {letters.map((letter) => {
          const active = letter === activeLetter;
          return (
            <Chip
              key={letter}
              data-letter={letter}
              label={letter}
              size="small"
              clickable
              color={active ? 'primary' : 'default'}
              variant={active ? 'filled' : 'outlined'}
              aria-label={texts.common.jumpTo(letter)}
              aria-current={active ? 'true' : undefined}
              onClick={() => onJump(letter)}
              sx={{
                minWidth: 30,
                fontWeight: 700,
                bgcolor: active ? undefined : 'background.paper',
                '& .MuiChip-label': { px: 1 },
              }}
            />
          );
        })}
      </Box>
    );
  }

  // Plain buttons styled once by the strip: on a phone this bar is part of the first screen of Kunder and
  // Nåle, and ~28 MUI ButtonBase (each with its ripple and its own computed styles) took ~50 ms of a slow
  // phone's main thread to render and mount.
  return (
    <TouchStrip aria-label={label} ref={stripRef}>
      {letters.map((letter) => (
        <button
          key={letter}
          type="button"
          data-letter={letter}
          aria-label={texts.common.jumpTo(letter)}
          aria-current={letter === activeLetter ? 'true' : undefined}
          onClick={() => onJump(letter)}
        >
          {letter}
        </button>
      ))}
    </TouchStrip>
  );
}

const TouchStrip = styled('nav')(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(0.5),
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollbarWidth: 'none',
  '&::-webkit-scrollbar': { display: 'none' },
  margin: theme.spacing(0, -0.5),
  padding: theme.spacing(0, 0.5),
  '& > button': {
    flex: '0 0 auto',
    minWidth: 44,
    height: 44,
    padding: 0,
    margin: 0,
    borderRadius: Number(theme.shape.borderRadius) * 2,
    border: `1px solid ${theme.palette.divider}`,
    backgroundColor: theme.palette.background.paper,
    color: theme.palette.text.primary,
    font: 'inherit',
    fontSize: '1rem',
    fontWeight: 700,
    cursor: 'pointer',
    WebkitTapHighlightColor: 'transparent',
    touchAction: 'manipulation',
    '&:active': { backgroundColor: theme.palette.action.selected },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
    '&[aria-current="true"]': {
      borderColor: theme.palette.primary.main,
      backgroundColor: theme.palette.primary.main,
      color: theme.palette.primary.contrastText,
    },
  },
}));
