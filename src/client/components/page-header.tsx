import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A page's heading row: title, an optional count chip and actions on the right. */
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
      <Typography variant="h1">{title}</Typography>
      {chip}
      <Box sx={{ flexGrow: 1 }} />
      {actions}
    </Box>
  );
}
