import { Box } from '@mui/material';
import { styled } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { texts } from '../../../shared/texts.ts';

const FADE = '32px';

/** A chip-like button; plain and light, since a busy day can put a hundred customers in the row. */
const JumpButton = styled('button')(({ theme }) => ({
  ...theme.typography.body2,
  flexShrink: 0,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  height: 28,
  padding: '0 10px',
  borderRadius: 14,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
  color: theme.palette.text.primary,
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
}));

/** Fades the edge where more chips hide, so a sideways-scrolling row looks like one. */
function useOverflowEdges() {
  const ref = useRef<HTMLElement | null>(null);
  const [edges, setEdges] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const start = element.scrollLeft > 1;
    const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);
  return { ref, edges, measure };
}

/**
 * A row of customer names that jumps to each customer's orders. It sticks under the app bar and
 * scrolls sideways, so it never pushes the list far down.
 */
export function OrdersJumpBar({
  customers,
  onJump,
}: {
  customers: { key: string; name: string }[];
  onJump: (key: string) => void;
}) {
  const { ref, edges, measure } = useOverflowEdges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row's width changes with its customers.
  useEffect(measure, [customers, measure]);
  const mask = `linear-gradient(to right, ${edges.start ? 'transparent' : '#000'}, #000 ${FADE}, #000 calc(100% - ${FADE}), ${edges.end ? 'transparent' : '#000'})`;
  return (
    <Box
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: 2,
        mx: { xs: -1.5, sm: 0 },
        px: { xs: 1.5, sm: 0 },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="nav"
        ref={ref}
        aria-label={texts.orders.jumpBarLabel}
        onScroll={measure}
        sx={{
          display: 'flex',
          gap: 1,
          py: 1,
          overflowX: 'auto',
          scrollbarWidth: 'thin',
          maskImage: mask,
          WebkitMaskImage: mask,
        }}
      >
        {customers.map((customer) => (
          <JumpButton
            key={customer.key}
            type="button"
            aria-label={texts.orders.jumpToCustomer(customer.name)}
            onClick={() => onJump(customer.key)}
          >
            {customer.name}
          </JumpButton>
        ))}
      </Box>
    </Box>
  );
}
