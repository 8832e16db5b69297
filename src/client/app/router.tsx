import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { texts } from '../../shared/texts.ts';
import { useSession, useSignedIn } from '../api/session.ts';
import { LoadingState } from '../components/loading-state.tsx';
import { BrowserRouter, Link, type RouteDefinition, useRoutes } from '../lib/router.tsx';
import { ROUTE_PAGES, type RoutePage } from './route-pages.ts';

/**
 * A page whose code loads on demand. Once its module has loaded (preloadRoute, or an earlier visit) it renders
 * at once instead of suspending for a turn: the first screen's HTML from the server (server/first-html) stays
 * on screen until the app renders the same screen, never a loading state in between.
 */
function loadable<P extends object>(load: () => Promise<React.ComponentType<P>>) {
  let Loaded: React.ComponentType<P> | undefined;
  const loadOnce = () =>
    load().then((component) => {
      Loaded = component;
      return { default: component };
    });
  const Lazy = lazy(loadOnce);
  function Page(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { load: loadOnce });
}

const page = <T extends Record<string, React.ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  loadable(async () => (await load())[name] as React.ComponentType);

// The signed-in app (shell, drawer, pages) and the one-time set-up load on demand: the login page, the first
// thing a phone loads, carries none of them.
const loadShell = () => import('./app-shell.tsx');
const AppShell = loadable(async () => (await loadShell()).AppShell);
const SetupPage = page(() => import('./routes/setup-page.tsx'), 'SetupPage');
const PillowPage = page(() => import('./routes/pillow-page.tsx'), 'PillowPage');
const CustomersPage = page(() => import('./routes/customers-page.tsx'), 'CustomersPage');
const CustomerPage = page(() => import('./routes/customer-page.tsx'), 'CustomerPage');
const ArchivedCustomersPage = page(
  () => import('./routes/archived-customers-page.tsx'),
  'ArchivedCustomersPage',
);
const BeadsPage = page(() => import('./routes/beads-page.tsx'), 'BeadsPage');
const BeadPage = page(() => import('./routes/bead-page.tsx'), 'BeadPage');
const OrdersPage = page(() => import('./routes/orders-page.tsx'), 'OrdersPage');
const TodosPage = page(() => import('./routes/todos-page.tsx'), 'TodosPage');
const SettingsPage = page(() => import('./routes/settings-page.tsx'), 'SettingsPage');
const PackingPage = page(() => import('./routes/packing-page.tsx'), 'PackingPage');
const RemindersPage = page(() => import('./routes/reminders-page.tsx'), 'RemindersPage');
const SalesPage = page(() => import('./routes/sales-page.tsx'), 'SalesPage');

/** The pages by their name in app/route-pages.ts (the build's table of each path's page files). */
const pages = {
  'pillow-page': PillowPage,
  'customers-page': CustomersPage,
  'customer-page': CustomerPage,
  'archived-customers-page': ArchivedCustomersPage,
  'beads-page': BeadsPage,
  'bead-page': BeadPage,
  'orders-page': OrdersPage,
  'todos-page': TodosPage,
  'settings-page': SettingsPage,
  'packing-page': PackingPage,
  'reminders-page': RemindersPage,
  'sales-page': SalesPage,
} satisfies Record<RoutePage, { load: () => Promise<unknown> }>;

/** The page for each signed-in path (route-pages.ts), to start loading it before the session check. */
const PAGE_LOADERS = ROUTE_PAGES.map(([pattern, name]) => [new RegExp(pattern), pages[name].load] as const);

/**
 * Loads the shell and the page of a signed-in path at once (main.tsx), so nothing waits in line; resolves
 * when both can render without suspending (at once for a path without a page).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const page = PAGE_LOADERS.find(([pattern]) => pattern.test(pathname));
  if (!page) return;
  await Promise.all([AppShell.load(), page[1]()]);
}

/**
 * Every route but login and set-up needs a session; without one the visitor goes to /login. Offline the
 * user of the last session gets the cached data (useSignedIn).
 */
function RequireSession() {
  const signedIn = useSignedIn();
  if (signedIn.status === 'pending') return <LoadingState label={texts.app.loading} />;
  if (signedIn.status === 'signedOut') return <ToLoginPage />;
  return (
    <Suspense fallback={<LoadingState label={texts.app.loading} />}>
      <AppShell user={signedIn.user} />
    </Suspense>
  );
}

function PublicPage({ children }: { children: React.ReactNode }) {
  const session = useSession();
  // Offline the session cannot be asked: the page shows rather than wait for the network.
  if (session.isPending && session.fetchStatus !== 'paused')
    return <LoadingState label={texts.app.loading} />;
  return <>{children}</>;
}

/**
 * The login page is no page of the app (src/client/login/: no React, no MUI, issue 22): the app reloads into
 * it, which also leaves nothing of a signed-out session in memory.
 */
function ToLoginPage() {
  useEffect(() => window.location.replace('/login'), []);
  return <LoadingState label={texts.app.loading} />;
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

let table: RouteDefinition[] | undefined;

function appRoutes(): RouteDefinition[] {
  table ??= [
    { path: '/', element: <ToLoginPage /> },
    { path: '/login', element: <ToLoginPage /> },
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
        { path: '/customers/archived', element: <ArchivedCustomersPage /> },
        { path: '/customers/:id', element: <CustomerPage /> },
        { path: '/needles', element: <BeadsPage /> },
        { path: '/needles/:id', element: <BeadPage /> },
        { path: '/orders', element: <OrdersPage /> },
        { path: '/todos', element: <TodosPage /> },
        { path: '/settings', element: <SettingsPage /> },
        { path: '/packing', element: <PackingPage /> },
        { path: '/reminders', element: <RemindersPage /> },
        { path: '/sales', element: <SalesPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
  return table;
}

export function AppRoutes() {
  return <>{useRoutes(appRoutes())}</>;
}

/** The app's pages at their paths, in the browser's history (lib/router.tsx). */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
