import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { screenList } from '../../shared/screens.ts';

/** The session check: every page waits for it (the login page too, to send a signed-in visitor on). */
export const SESSION_URL = urlOf(apiRoutes.session);

/**
 * The answers a page with a first screen from the server carries whole (small, and the app needs them before it
 * can take the screen over): the session and the shop's settings (the app bar shows the shop's name).
 */
export const PAGE_ANSWERS = { session: SESSION_URL, settings: urlOf(apiRoutes.shopSettings) } as const;

/**
 * What the screen at a path reads first (shared/screens.ts, `firstReads`). The build writes this table into
 * index.html (vite.config.ts, `paintFirst`), and the boot script (boot/boot.ts) requests these URLs before any of the app's
 * JavaScript has arrived, so the first screen's data travels beside its code instead of after it (lib/api.ts
 * takes the answers over). The queries of api/boot.ts must ask exactly these URLs (built with the same
 * `urlOf` that `call` uses): api/first-reads.test.ts checks that they do.
 */
export const FIRST_READ_URLS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  screenList.flatMap((screen) => (screen.firstReads ? [[screen.path, screen.firstReads]] : [])),
);
