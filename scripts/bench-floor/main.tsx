/**
 * The floor of `npm run bench`: a bare React 19 + MUI 9 page built from the repository's own
 * node_modules, an app bar and 12 cards with chips and buttons. Measured in the same run as the app's
 * screens, it says what the stack itself costs on this machine, so each screen is judged as a multiple of it.
 */
import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FloorPage } from './floor-page.tsx';

const theme = createTheme({ palette: { primary: { main: '#7b2d55' } }, shape: { borderRadius: 12 } });

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <FloorPage />
    </ThemeProvider>
  </StrictMode>,
);
