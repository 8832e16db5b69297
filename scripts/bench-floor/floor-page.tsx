/** The floor's page (an app bar and 12 cards with chips and buttons), shared by the floor and the interaction floor. */
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  IconButton,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';

const cards = Array.from({ length: 12 }, (_, i) => i + 1);

/** The floor's content; `action` sits at the end of the app bar (the interaction floor's "Tilføj Ny"). */
export function FloorPage({ action }: { action?: ReactNode }) {
  return (
    <>
      <AppBar position="sticky" elevation={0}>
        <Toolbar>
          <IconButton color="inherit" edge="start" aria-label="Menu">
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="p">
            Gulv
          </Typography>
          {action && (
            <>
              <Box sx={{ flexGrow: 1 }} />
              {action}
            </>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ p: 2, maxWidth: 840, mx: 'auto' }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Kort
        </Typography>
        <Stack spacing={2}>
          {cards.map((n) => (
            <Card key={n} variant="outlined">
              <CardContent>
                <Typography variant="h6" component="h2">
                  Kort nummer {n}
                </Typography>
                <Typography color="text.secondary">En linje tekst under overskriften på kort {n}.</Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Chip label="Aktiv" color="primary" size="small" />
                  <Chip label={`${n * 3} stk.`} size="small" variant="outlined" />
                </Stack>
              </CardContent>
              <CardActions>
                <Button size="small" variant="contained">
                  Åben
                </Button>
                <Button size="small">Kopiér</Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      </Box>
    </>
  );
}
