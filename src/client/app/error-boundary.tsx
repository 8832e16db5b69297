import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Typography } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { texts } from '../../shared/texts.ts';
import { showToast } from '../lib/toast.ts';

type State = { failed: boolean };

/** A render failure anywhere shows a toast and a calm fallback screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render failure', error, info.componentStack);
    showToast((toast) => toast.error(texts.app.unexpectedError, { duration: 6000, closeButton: true }));
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box
        role="alert"
        sx={{ minHeight: '60vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}
      >
        <Box>
          <Typography variant="h1" gutterBottom>
            {texts.app.fatalTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {texts.app.fatalBody}
          </Typography>
          <Button variant="contained" startIcon={<ReplayIcon />} onClick={() => window.location.reload()}>
            {texts.app.reload}
          </Button>
        </Box>
      </Box>
    );
  }
}
