import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A page's heading row: title, an optional count chip and actions on the right. The title's line is as tall as a
 * button from the start (MUI's medium button, 36.5 px): actions that come with the page's data do not push the
 * heading and the page down, and a chip that comes and wraps onto a line of its own (a long title on a phone)
 * leaves the heading where it was (tests/e2e/screens-still.spec.ts).
 */
export function PageHeader({
  title,
  chip,
  actions,
}: {
  title: string;
  chip?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h1" sx={{ minHeight: 36.5, display: 'flex', alignItems: 'center' }}>
        {title}
      </Typography>
      {chip}
      <Box sx={{ flexGrow: 1 }} />
      {actions}
    </Box>
  );
}
