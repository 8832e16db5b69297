import { Box, Button, Typography } from '@mui/material';
import { lazy, Suspense, useEffect } from 'react';
import { publicPages, type ScreenName, screenAt, screenList, startScreen } from '../../shared/screens.ts';
import { texts } from '../../shared/texts.ts';
import { afterSignOut, useSession, useSignedIn } from '../api/session.ts';
import { LoadingState } from '../components/loading-state.tsx';
import { BrowserRouter, Link, type RouteDefinition, useRoutes } from '../lib/router.tsx';

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

/** 'archived-customers' → 'ArchivedCustomersPage': the component a screen's page module exports. */
export const pageComponentName = (page: string) =>
  `${page.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase())}Page`;

/**
 * Each screen's page (shared/screens.ts), loaded from `routes/<page>-page.tsx` when first shown. The build
 * makes one chunk per page module of that folder, as it did for one import per page.
 */
const pages = Object.fromEntries(
  screenList.map((screen) => [
    screen.name,
    page(
      (): Promise<Record<string, React.ComponentType>> => import(`./routes/${screen.page}-page.tsx`),
      pageComponentName(screen.page),
    ),
  ]),
) as Record<ScreenName, ReturnType<typeof page>>;

/**
 * Loads the shell and the page of a signed-in path at once (main.tsx), so nothing waits in line; resolves
 * when both can render without suspending (at once for a path without a page).
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const screen = screenAt(pathname);
  if (!screen) return;
  await Promise.all([AppShell.load(), pages[screen.name].load()]);
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
 * The login page is no page of the app (src/client/login/: no React, no MUI): the app reloads into
 * it, which also leaves nothing of a signed-out session in memory.
 */
function ToLoginPage() {
  // A sign-out under way first finishes forgetting the user (api/session.ts): the reload would cut it short.
  useEffect(() => {
    void afterSignOut().then(() => window.location.replace(publicPages.login));
  }, []);
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
      <Button component={Link} to={startScreen.path} variant="contained">
        {texts.app.toFrontPage}
      </Button>
    </Box>
  );
}

let table: RouteDefinition[] | undefined;

function appRoutes(): RouteDefinition[] {
  table ??= [
    { path: publicPages.start, element: <ToLoginPage /> },
    { path: publicPages.login, element: <ToLoginPage /> },
    {
      path: publicPages.setup,
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
        ...screenList.map((screen) => {
          const Page = pages[screen.name];
          return { path: screen.path, element: <Page /> };
        }),
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
