import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A small tooltip for an icon button (its name in words, docs/product/screens.md), shown on hover and on
 * keyboard focus. MUI's Tooltip brought Popper.js and a portal into every screen's first load (~12 kB
 * gzip); this is CSS only. The button keeps its own aria-label: the hint is for the eye, so it is hidden
 * from screen readers.
 */
const HintBox = styled('span')(({ theme }) => ({
  position: 'relative',
  display: 'inline-flex',
  '&::after': {
    content: 'attr(data-hint)',
    position: 'absolute',
    top: 'calc(100% + 4px)',
    right: 0,
    padding: '4px 8px',
    borderRadius: 4,
    background: 'rgba(97, 97, 97, 0.92)',
    color: '#fff',
    fontSize: theme.typography.pxToRem(11),
    fontWeight: 500,
    lineHeight: 1.4,
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    // Not merely transparent: a hidden bubble at the screen's edge would still widen the page.
    display: 'none',
    zIndex: theme.zIndex.tooltip,
  },
  '&[data-align="start"]::after': { right: 'auto', left: 0 },
  '@media (hover: hover)': { '&:hover::after': { display: 'block' } },
  '&:has(:focus-visible)::after': { display: 'block' },
}));

/** `align`: the edge of the button the bubble lines up with; 'end' (the default) suits a button at the right. */
export function Hint({
  title,
  align = 'end',
  children,
}: {
  title: string;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  return (
    <HintBox data-hint={title} data-align={align}>
      {children}
    </HintBox>
  );
}
