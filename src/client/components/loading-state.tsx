import { Box, CircularProgress, Typography } from '@mui/material';

/** A centred spinner with a Danish text, e.g. 'Indlæser kunder...'. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}
    >
      <CircularProgress size={32} />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
