import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** What a list shows when it has nothing: a title, an explanation and the actions that help. */
export function EmptyState({
  title,
  description,
  icon,
  actions,
}: {
  title: string;
  description?: string;
  icon?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, color: 'text.secondary' }}>
      {icon && (
        <Box sx={{ fontSize: 48, mb: 1, color: 'primary.light', '& svg': { fontSize: 48 } }}>{icon}</Box>
      )}
      <Typography variant="h3" component="p" color="text.primary" gutterBottom>
        {title}
      </Typography>
      {description && <Typography sx={{ mb: 2 }}>{description}</Typography>}
      {actions && (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>{actions}</Box>
      )}
    </Box>
  );
}
