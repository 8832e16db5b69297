import { Box, ButtonBase, Chip, useMediaQuery } from '@mui/material';
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
 * The alphabet jump bar (SPEC.md §2): one button per initial that has entries. Shown only when there is
 * more than one initial, since jumping within one group helps nobody.
 */
export function AlphabetBar({ letters, onJump, activeLetter = null, label, variant }: AlphabetBarProps) {
  const prefersTouch = useMediaQuery(TOUCH_QUERY, { noSsr: true });
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

  return (
    <Box
      component="nav"
      aria-label={label}
      ref={stripRef}
      sx={{
        display: 'flex',
        gap: 0.5,
        overflowX: 'auto',
        overscrollBehaviorX: 'contain',
        scrollbarWidth: 'none',
        '&::-webkit-scrollbar': { display: 'none' },
        mx: -0.5,
        px: 0.5,
      }}
    >
      {letters.map((letter) => {
        const active = letter === activeLetter;
        return (
          <ButtonBase
            key={letter}
            data-letter={letter}
            aria-label={texts.common.jumpTo(letter)}
            aria-current={active ? 'true' : undefined}
            onClick={() => onJump(letter)}
            sx={{
              flex: '0 0 auto',
              minWidth: 44,
              height: 44,
              borderRadius: 2,
              fontSize: '1rem',
              fontWeight: 700,
              border: 1,
              borderColor: active ? 'primary.main' : 'divider',
              bgcolor: active ? 'primary.main' : 'background.paper',
              color: active ? 'primary.contrastText' : 'text.primary',
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {letter}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
