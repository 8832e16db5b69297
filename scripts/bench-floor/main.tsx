/**
 * The floor of `npm run bench`: a bare React 19 + MUI 9 page built from the repository's own
 * node_modules, an app bar and 12 cards with chips and buttons. Measured in the same run as the app's
 * screens, it says what the stack itself costs on this machine, so each screen is judged as a multiple of it.
 */
import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Chip,
  CssBaseline,
  createTheme,
  IconButton,
  Stack,
  ThemeProvider,
  Toolbar,
  Typography,
} from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const theme = createTheme({ palette: { primary: { main: '#7b2d55' } }, shape: { borderRadius: 12 } });
const cards = Array.from({ length: 12 }, (_, i) => i + 1);

function FloorPage() {
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

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <FloorPage />
    </ThemeProvider>
  </StrictMode>,
);
