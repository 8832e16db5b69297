/**
 * The interaction floor of `npm run bench` (scripts/bench/taps.ts): the floor page (main.tsx's app bar and 12
 * cards) with a "Tilføj Ny" button in the app bar that opens an MUI Dialog with one text field, its code in the
 * page from the start. A tap on it costs what React and MUI themselves cost for a dialog's first and later
 * opening on this machine, so each of the app's controls is judged as a multiple of it, in the same round.
 */
import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  CssBaseline,
  createTheme,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  ThemeProvider,
} from '@mui/material';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { FloorPage } from './floor-page.tsx';

const theme = createTheme({ palette: { primary: { main: '#7b2d55' } }, shape: { borderRadius: 12 } });

function AddDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="add-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onClose();
        }}
      >
        <DialogTitle id="add-title">Tilføj ny kunde</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField label="Navn" required autoFocus autoComplete="off" fullWidth />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>Fortryd</Button>
          <Button type="submit" variant="contained">
            Tilføj
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function FloorWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <FloorPage
        action={
          <IconButton color="inherit" edge="end" aria-label="Tilføj Ny" onClick={() => setOpen(true)}>
            <AddIcon />
          </IconButton>
        }
      />
      <AddDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <FloorWithDialog />
    </ThemeProvider>
  </StrictMode>,
);
