import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Link, Navigate } from 'react-router';
import { texts } from '../../shared/texts.ts';
import { useSession } from '../api/session.ts';
import { LoadingState } from '../components/loading-state.tsx';
import { LoginPage } from './routes/login-page.tsx';

const page = <T extends Record<string, React.ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as React.ComponentType }));

// The signed-in app (shell, drawer, pages) and the one-time set-up load on demand: the login page, the first
// thing a phone loads, carries none of them.
const AppShell = lazy(async () => ({ default: (await import('./app-shell.tsx')).AppShell }));
const SetupPage = page(() => import('./routes/setup-page.tsx'), 'SetupPage');
const PillowPage = page(() => import('./routes/pillow-page.tsx'), 'PillowPage');
const CustomersPage = page(() => import('./routes/customers-page.tsx'), 'CustomersPage');
const CustomerPage = page(() => import('./routes/customer-page.tsx'), 'CustomerPage');
const BeadsPage = page(() => import('./routes/beads-page.tsx'), 'BeadsPage');
const BeadPage = page(() => import('./routes/bead-page.tsx'), 'BeadPage');
const OrdersPage = page(() => import('./routes/orders-page.tsx'), 'OrdersPage');
const TodosPage = page(() => import('./routes/todos-page.tsx'), 'TodosPage');
const SettingsPage = page(() => import('./routes/settings-page.tsx'), 'SettingsPage');

/** Every route but login and set-up needs a session; without one the visitor goes to /login. */
function RequireSession() {
  const session = useSession();
  if (session.isPending) return <LoadingState label={texts.app.loading} />;
  if (!session.data) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<LoadingState label={texts.app.loading} />}>
      <AppShell user={session.data} />
    </Suspense>
  );
}

function PublicPage({ children }: { children: React.ReactNode }) {
  const session = useSession();
  if (session.isPending) return <LoadingState label={texts.app.loading} />;
  return <>{children}</>;
}

function NotFoundPage() {
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <Typography variant="h1" gutterBottom>
        {texts.app.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {texts.app.notFoundBody}
      </Typography>
      <Button component={Link} to="/pillow" variant="contained">
        {texts.app.toFrontPage}
      </Button>
    </Box>
  );
}

export function createRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: (
        <PublicPage>
          <LoginPage />
        </PublicPage>
      ),
    },
    {
      path: '/login',
      element: (
        <PublicPage>
          <LoginPage />
        </PublicPage>
      ),
    },
    {
      path: '/setup',
      element: (
        <PublicPage>
          <Suspense fallback={<LoadingState label={texts.app.loading} />}>
            <SetupPage />
          </Suspense>
        </PublicPage>
      ),
    },
    {
      element: <RequireSession />,
      children: [
        { path: '/pillow', element: <PillowPage /> },
        { path: '/customers', element: <CustomersPage /> },
        { path: '/customers/:id', element: <CustomerPage /> },
        { path: '/needles', element: <BeadsPage /> },
        { path: '/needles/:id', element: <BeadPage /> },
        { path: '/orders', element: <OrdersPage /> },
        { path: '/todos', element: <TodosPage /> },
        { path: '/settings', element: <SettingsPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
