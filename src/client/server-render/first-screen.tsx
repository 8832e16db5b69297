/**
 * The first screen rendered on the server (decision 0014): the page a signed-in owner opens is sent
 * as HTML with her data in it, so a phone paints Ordrer, Todo, Pakning … from the HTML instead of after
 * ~250 kB of JavaScript. This module is client code that runs in the server (src/server/first-html/ imports
 * it, and nothing else of src/client): the same components, theme and queries as the app, so the HTML is the
 * screen the app then renders in its place (main.tsx waits for the page's code and data, then replaces it).
 *
 * The data are the server's own answers to the reads the app makes first (api/boot.ts), handed to the app's
 * queries as the early answers public/boot.js hands them in the browser (lib/api.ts), per request
 * (AsyncLocalStorage). Nothing here reaches the network: a read without an answer is refused (`api` has no
 * window to fetch from) and named, so the server can answer it and render again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { createTheme, type Theme } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import { type Screen, screenAt } from '../../shared/screens.ts';
import { prefetchFirstReads } from '../api/boot.ts';
import { SESSION_URL } from '../api/first-reads.ts';
import { primeSession, sessionUserOf } from '../api/session.ts';
import { shopSettingsQuery } from '../api/settings.ts';
import { AppRoutes, preloadRoute } from '../app/router.tsx';
import { theme } from '../app/theme.ts';
import { MemoryRouter } from '../lib/router.tsx';
import { ViewportContext } from '../lib/viewport.ts';
import { BootMenu } from './boot-menu.tsx';
import { mediaMatches, type Viewport } from './media-query.ts';

export { viewportOf } from './media-query.ts';

type EarlyAnswers = Record<string, Promise<Response | undefined> | undefined>;

const requestAnswers = new AsyncLocalStorage<EarlyAnswers>();
// lib/api.ts takes a read's early answer from `globalThis.naalepudenEarly`: here, the request's own answers.
Object.defineProperty(globalThis, 'naalepudenEarly', {
  configurable: true,
  get: () => requestAnswers.getStore(),
});

/** The screen rendered here at a path: one the table marks `serverRendered` (shared/screens.ts), or null. */
function renderedAt(pathname: string): Screen | null {
  const screen = screenAt(pathname)?.screen;
  return screen?.serverRendered ? screen : null;
}

/** The shop's settings: the app bar shows the shop's name. */
const SETTINGS_URL = urlOf(apiRoutes.shopSettings);

/**
 * The reads the first screen at `pathname` is known to need (the session first), or null: no screen is
 * rendered there. A render may name more (`need`).
 */
export function firstScreenReads(pathname: string): string[] | null {
  const screen = renderedAt(pathname);
  if (!screen) return null;
  return [SESSION_URL, SETTINGS_URL, ...(screen.firstReads ?? [])];
}

export type FirstScreenInput = {
  /** The path and query string, e.g. `/sales?year=2025`. */
  url: string;
  /** Read URLs with the server's answer to each (a JSON text, status 200). */
  answers: Readonly<Record<string, string>>;
  viewport: Viewport;
};

/**
 * The first screen's HTML (its style elements inline, as emotion writes them on a server); `need`: the reads
 * it made that had no answer (GET URLs); null: nobody is signed in, or a read did not succeed.
 */
export type FirstScreen = { html: string } | { need: string[] } | null;

/** Early answers from `answers`; a URL without one is noted in `missing`. */
function earlyAnswers(answers: Readonly<Record<string, string>>, missing: Set<string>): EarlyAnswers {
  return new Proxy<EarlyAnswers>(
    {},
    {
      get: (_target, url) => {
        if (typeof url !== 'string') return undefined;
        const body = answers[url];
        if (body === undefined) {
          missing.add(url);
          return undefined;
        }
        return Promise.resolve(
          new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }),
        );
      },
      deleteProperty: () => true,
    },
  );
}

/** The app's theme answering the media queries asked in code for a device (one per device, made once). */
const deviceThemes = new Map<Viewport, Theme>();
function deviceTheme(viewport: Viewport): Theme {
  let device = deviceThemes.get(viewport);
  if (!device) {
    device = createTheme(theme, {
      components: {
        MuiUseMediaQuery: {
          defaultProps: { ssrMatchMedia: (query: string) => ({ matches: mediaMatches(query, viewport) }) },
        },
      },
    });
    deviceThemes.set(viewport, device);
  }
  return device;
}

export async function renderFirstScreen({ url, answers, viewport }: FirstScreenInput): Promise<FirstScreen> {
  const { pathname, search } = new URL(url, 'http://app.invalid');
  const sessionAnswer = answers[SESSION_URL];
  if (!renderedAt(pathname) || sessionAnswer === undefined) return null;
  const user = sessionUserOf(JSON.parse(sessionAnswer));
  if (!user) return null;

  // One client per request: no timers (gcTime Infinity), no retries, nothing kept after the render.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { gcTime: Number.POSITIVE_INFINITY, staleTime: Number.POSITIVE_INFINITY, retry: false },
    },
  });
  try {
    primeSession(queryClient, user);
    const missing = new Set<string>();
    await requestAnswers.run(earlyAnswers(answers, missing), () =>
      Promise.all([
        preloadRoute(pathname),
        queryClient.prefetchQuery(shopSettingsQuery),
        prefetchFirstReads(queryClient, pathname, search),
      ]),
    );
    if (missing.size > 0) return { need: [...missing] };
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return null;

    const html = renderToString(
      <ThemeProvider theme={deviceTheme(viewport)}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <ViewportContext.Provider value={viewport}>
            <MemoryRouter initialEntries={[url]}>
              <AppRoutes />
              <BootMenu
                shopName={queryClient.getQueryData<ShopSettings>(shopSettingsQuery.queryKey)?.shopName ?? ''}
                user={user}
                pathname={pathname}
              />
            </MemoryRouter>
          </ViewportContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>,
    );
    // No field takes the focus before the app runs (public/boot.js): what the owner typed there would be lost
    // when the app takes the screen's place, which focuses the search itself.
    return { html: html.replaceAll(' autofocus=""', '') };
  } finally {
    queryClient.clear();
  }
}
