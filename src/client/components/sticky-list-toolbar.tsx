import { Box } from '@mui/material';
import type { ReactNode, Ref } from 'react';

/** The search field and alphabet bar above a grouped list, sticking right below the app bar. */
export function StickyListToolbar({
  top,
  children,
  ref,
}: {
  top: number;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Box
      ref={ref}
      sx={{
        position: 'sticky',
        top,
        zIndex: 3,
        bgcolor: 'background.default',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.25,
        pt: 0.5,
        pb: 1.5,
      }}
    >
      {children}
    </Box>
  );
}
