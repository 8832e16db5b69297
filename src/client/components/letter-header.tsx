import { Box, Typography } from '@mui/material';

/**
 * The look of the alphabetical lists (Kunder, Nåle): one card of fixed-height rows under initial-letter
 * headers, for the grouped list (components/grouped-list.tsx).
 */

/** Row and header heights: fixed, so the list computes positions instead of measuring rows. */
export const LETTER_LIST_HEIGHTS = { item: 68, header: 34 } as const;

/** The one bordered card around the whole list. */
export const letterListFrameSx = {
  position: 'relative',
  bgcolor: 'background.paper',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  // clip (not hidden) rounds the corners without breaking the sticky header.
  overflow: 'clip',
} as const;

const headerSx = {
  display: 'flex',
  alignItems: 'center',
  px: 2,
  bgcolor: '#f3eaef',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

const labelSx = {
  fontSize: '0.85rem',
  fontWeight: 700,
  letterSpacing: '0.06em',
  color: 'primary.main',
  outline: 'none',
} as const;

/**
 * A letter's header. In the list it is an h2 that can take the focus (a jump from the alphabet bar moves
 * it there); the copy stuck at the top is hidden from screen readers, so it is plain text.
 */
export function LetterHeader({ letter, stuck = false }: { letter: string; stuck?: boolean }) {
  return (
    <Box sx={headerSx} style={{ height: LETTER_LIST_HEIGHTS.header }}>
      <Typography component={stuck ? 'span' : 'h2'} tabIndex={stuck ? undefined : -1} sx={labelSx}>
        {letter}
      </Typography>
    </Box>
  );
}

/** The grouped list's renderHeader for groups under a letter. */
export function renderLetterHeader(group: { letter: string }, { stuck }: { stuck: boolean }) {
  return <LetterHeader letter={group.letter} stuck={stuck} />;
}

/** The grouped list's groupLabel for groups under a letter: a letter's section and list are named after it. */
export const letterGroupLabel = (group: { letter: string }) => group.letter;
