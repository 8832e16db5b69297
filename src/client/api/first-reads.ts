import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { type FirstRead, type ScreenAt, screenAt, screenList } from '../../shared/screens.ts';

/** The session check: every page waits for it (the login page too, to send a signed-in visitor on). */
export const SESSION_URL = urlOf(apiRoutes.session);

/**
 * The answers a page with a first screen from the server carries whole (small, and the app needs them before it
 * can take the screen over): the session and the shop's settings (the app bar shows the shop's name).
 */
export const PAGE_ANSWERS = { session: SESSION_URL, settings: urlOf(apiRoutes.shopSettings) } as const;

/** The screen at a path, and what it reads first there (shared/screens.ts `firstReads`). */
export function firstReadsAt(pathname: string, search: string, now: Date): readonly FirstRead[] {
  const match = screenAt(pathname);
  const at: ScreenAt = { params: match?.params ?? {}, search: new URLSearchParams(search), now };
  return match?.screen.firstReads?.(at) ?? [];
}

/** A first read's URL: what the boot script and the server's first screen ask. */
export const urlOfRead = (read: FirstRead): string => urlOf(read.route, read.input as never);

/**
 * What the screen at a path reads first, for the screens whose reads need no params and no clock (`bootReads`).
 * The build writes this table into index.html (vite.config.ts, `paintFirst`), and the boot script
 * (boot/boot.ts) requests these URLs before any of the app's JavaScript has arrived, so the first screen's data
 * travels beside its code instead of after it (lib/api.ts takes the answers over). They are the URLs of the very
 * reads the app asks at start (api/boot.ts): api/first-reads.test.ts checks that.
 */
export const FIRST_READ_URLS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  screenList.flatMap((screen) =>
    screen.bootReads && screen.firstReads
      ? [
          [
            screen.path,
            screen.firstReads({ params: {}, search: new URLSearchParams(), now: new Date() }).map(urlOfRead),
          ],
        ]
      : [],
  ),
);
