import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { texts } from '../../../shared/texts.ts';

/** The calm centred card that the login and owner set-up pages share. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: 'linear-gradient(160deg, #f7e4ee 0%, #f7f3f5 45%, #e6ebff 100%)',
      }}
    >
      <Card
        sx={{ width: '100%', maxWidth: 420, boxShadow: '0 10px 40px rgba(123, 45, 85, 0.12)' }}
        variant="elevation"
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 44, height: 44 }} />
            <Typography variant="h1" component="p" sx={{ color: 'primary.main' }}>
              {texts.app.name}
            </Typography>
          </Box>
          <Typography variant="h2" component="h1" gutterBottom>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {intro}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
