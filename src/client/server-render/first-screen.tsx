/**
 * The first screen rendered on the server (decision 0014): the page a signed-in owner opens is sent
 * as HTML with her data in it, so a phone paints Ordrer, Todo, Pakning … from the HTML instead of after
 * ~250 kB of JavaScript. This module is client code that runs in the server (src/server/first-html/ imports
 * it, and nothing else of src/client): the same tree (app/app-root.tsx), components, theme and queries as the
 * app, so the HTML is the screen the app then hydrates (main.tsx).
 *
 * The data are the server's own answers to the reads the app makes first (api/boot.ts), handed to the app's
 * queries as the early answers the boot script (boot/boot.ts) hands them in the browser (lib/api.ts), per request
 * (AsyncLocalStorage), with the rest of the render's state (the clock, the device, its choices: lib/hydration.ts)
 * that the page carries to the app. Nothing here reaches the network: a read without an answer is refused
 * (`api` has no window to fetch from) and named, so the server can answer it and render again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { ThemeProvider } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import type { FirstScreenState } from '../../shared/first-screen-state.ts';
import type { EarlyAnswers } from '../../shared/page-contract.ts';
import type { ShopSettings } from '../../shared/schemas/api-settings.ts';
import { type Screen, screenAt } from '../../shared/screens.ts';
import { prefetchFirstReads } from '../api/boot.ts';
import { firstReadsAt, PAGE_ANSWERS, SESSION_URL, urlOfRead } from '../api/first-reads.ts';
import { primeSession, type SessionUser, sessionUserOf } from '../api/session.ts';
import { primeShopSettings } from '../api/settings.ts';
import { AppRoot } from '../app/app-root.tsx';
import { AppRoutes, preloadRoute } from '../app/router.tsx';
import { theme } from '../app/theme.ts';
import { provideServerState } from '../lib/hydration.ts';
import { MemoryRouter } from '../lib/router.tsx';
import { BootMenu } from './boot-menu.tsx';

export { deviceOf } from '../lib/media-query.ts';

const request = new AsyncLocalStorage<{ answers: EarlyAnswers; state: FirstScreenState }>();
// A read's early answer (shared/page-contract.ts `takeEarlyAnswer`): here, the request's own answers.
Object.defineProperty(globalThis, 'naalepudenEarly', {
  configurable: true,
  get: () => request.getStore()?.answers,
});
// The render's clock, device and device choices: the request's (lib/hydration.ts).
provideServerState(() => request.getStore()?.state ?? null);

/** The screen rendered here at a path: one the table marks `serverRendered` (shared/screens.ts), or null. */
function renderedAt(pathname: string): Screen | null {
  const screen = screenAt(pathname)?.screen;
  return screen?.serverRendered ? screen : null;
}

const SETTINGS_URL = PAGE_ANSWERS.settings;

/**
 * The reads the first screen at `url` (path and query) is known to need at `now` (the session first), or null:
 * no screen is rendered there. They are the screen's first reads (shared/screens.ts), as the app asks them at
 * start. A render may name more (`need`).
 */
export function firstScreenReads(url: string, now: Date): string[] | null {
  const { pathname, search } = new URL(url, 'http://app.invalid');
  if (!renderedAt(pathname)) return null;
  return [SESSION_URL, SETTINGS_URL, ...firstReadsAt(pathname, search, now).map(urlOfRead)];
}

export type FirstScreenInput = {
  /** The path and query string, e.g. `/sales?year=2025`. */
  url: string;
  /** Read URLs with the server's answer to each (a JSON text, status 200). */
  answers: Readonly<Record<string, string>>;
  /** What the render depends on beyond the answers; sent in the page for the app to hydrate with. */
  state: FirstScreenState;
};

/**
 * The first screen's HTML (its style elements inline, as emotion writes them on a server) and the plain menu that
 * stands beside it until the app runs; `need`: the reads it made that had no answer (GET URLs); null: nobody is
 * signed in, or a read did not succeed.
 */
export type FirstScreen =
  | {
      html: string;
      menu: string;
      /**
       * The answers the page carries whole, by URL (PAGE_ANSWERS), as the app's queries hold them: the session's
       * user alone (never its token), the shop's settings.
       */
      carried: Record<string, unknown>;
    }
  | { need: string[] }
  | null;

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

/** The plain menu of links beside the screen (boot/hold-taps.ts opens it at a tap on Menu before the app runs). */
function renderMenu(user: SessionUser, shopName: string, pathname: string): string {
  return renderToString(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[pathname]}>
        <BootMenu shopName={shopName} user={user} pathname={pathname} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

export async function renderFirstScreen({ url, answers, state }: FirstScreenInput): Promise<FirstScreen> {
  const { pathname, search } = new URL(url, 'http://app.invalid');
  const sessionAnswer = answers[SESSION_URL];
  const settingsAnswer = answers[SETTINGS_URL];
  if (!renderedAt(pathname) || sessionAnswer === undefined || settingsAnswer === undefined) return null;
  const user = sessionUserOf(JSON.parse(sessionAnswer));
  if (!user) return null;
  const settings = JSON.parse(settingsAnswer) as ShopSettings;

  // One client per request: no timers (gcTime Infinity), no retries, nothing kept after the render.
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { gcTime: Number.POSITIVE_INFINITY, staleTime: Number.POSITIVE_INFINITY, retry: false },
    },
  });
  try {
    // The session and the shop's settings as the app primes them from the page (main.tsx).
    primeSession(queryClient, user);
    primeShopSettings(queryClient, settings);
    const missing = new Set<string>();
    await request.run({ answers: earlyAnswers(answers, missing), state }, () =>
      Promise.all([preloadRoute(pathname), prefetchFirstReads(queryClient, pathname, search)]),
    );
    if (missing.size > 0) return { need: [...missing] };
    if (
      queryClient
        .getQueryCache()
        .getAll()
        .some((query) => query.state.status !== 'success')
    )
      return null;

    const html = request.run({ answers: earlyAnswers(answers, missing), state }, () =>
      renderToString(
        <AppRoot
          queryClient={queryClient}
          router={
            <MemoryRouter initialEntries={[url]}>
              <AppRoutes />
            </MemoryRouter>
          }
        />,
      ),
    );
    return {
      html,
      menu: renderMenu(user, settings.shopName, pathname),
      carried: { [PAGE_ANSWERS.session]: { user }, [PAGE_ANSWERS.settings]: settings },
    };
  } finally {
    queryClient.clear();
  }
}
