import { CssBaseline, ThemeProvider } from '@mui/material';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { SUCCESS_DURATION_MS } from '../lib/notify.ts';
import { loadToasts, whenToastsLoad } from '../lib/toast.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { TakeOverContext } from './take-over.tsx';
import { theme } from './theme.ts';

/** The toasts' Toaster, mounted once their library has loaded (lib/toast.ts), not with the first screen. */
function DeferredToaster() {
  const [sonner, setSonner] = useState<typeof import('sonner') | null>(null);
  useEffect(() => {
    let mounted = true;
    whenToastsLoad((loading) => void loading.then((loaded) => mounted && setSonner(loaded)));
    const timer = setTimeout(() => void loadToasts(), 4000);
    return () => {
      mounted = false;
      clearTimeout(timer);
    };
  }, []);
  if (!sonner) return null;
  return (
    <sonner.Toaster position="bottom-center" duration={SUCCESS_DURATION_MS} richColors closeButton={false} />
  );
}

/**
 * The app's tree around its router: the same in the browser and where the server renders a first screen
 * (server-render/first-screen.tsx), so the app can hydrate the server's DOM: React matches the two renders
 * element by element (and `useId` by the tree's shape), so nothing may stand in one that the other lacks.
 * `onTakeOver` runs in the commit that makes the screen's content the app's (app/take-over.tsx), in the same
 * task, before anything can be tapped (main.tsx).
 */
export function AppRoot({
  queryClient,
  router,
  onTakeOver,
}: {
  queryClient: QueryClient;
  router: ReactNode;
  onTakeOver?: () => void;
}) {
  const [takeOver] = useState(() => onTakeOver);
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <TakeOverContext value={takeOver}>
            <ErrorBoundary>{router}</ErrorBoundary>
          </TakeOverContext>
          <DeferredToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
