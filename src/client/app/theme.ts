import { createTheme } from '@mui/material/styles';
import { firstScreenMatchMedia } from '../lib/hydration.ts';

export const theme = createTheme({
  palette: {
    mode: 'light',
    // Status colours (docs/product/statuses.md): active primary, invoiced warning, paid info, packed
    // secondary, shipped success.
    primary: { main: '#7b2d55' },
    secondary: { main: '#4a5bb5' },
    // Dark enough for the chip's white text (4.7:1; #c77700 had 3.5:1, below WCAG AA's 4.5:1).
    warning: { main: '#a86400' },
    info: { main: '#0277a8' },
    success: { main: '#2e7d4f' },
    background: { default: '#f7f3f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.6rem', fontWeight: 700 },
    h2: { fontSize: '1.3rem', fontWeight: 700 },
    h3: { fontSize: '1.1rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // A media query asked in code is answered for the first screen's device where the server renders it and while
    // the app hydrates it (lib/hydration.ts), for the browser's own screen in every other render.
    MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: firstScreenMatchMedia } },
  },
});
