import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { FIRST_SCREEN_TODOS } from '../../shared/domain/limits.ts';

/** The session check: every page waits for it (the login page too, to send a signed-in visitor on). */
export const SESSION_URL = urlOf(apiRoutes.session);

/**
 * What the screen at a path reads first. The build writes this table into index.html (vite.config.ts,
 * `paintFirst`), and public/boot.js requests these URLs before any of the app's JavaScript has arrived, so
 * the first screen's data travels beside its code instead of after it (lib/api.ts takes the answers over).
 * The queries of api/boot.ts must ask exactly these URLs (built here with the same `urlOf` that `call` uses):
 * api/first-reads.test.ts checks that they do.
 */
export const FIRST_READ_URLS: Readonly<Record<string, readonly string[]>> = {
  '/pillow': [urlOf(apiRoutes.pillow)],
  '/customers': [urlOf(apiRoutes.customers)],
  '/needles': [urlOf(apiRoutes.beads)],
  '/orders': [urlOf(apiRoutes.openOrders)],
  '/todos': [urlOf(apiRoutes.firstTodos, { query: { limit: FIRST_SCREEN_TODOS } })],
  '/packing': [urlOf(apiRoutes.pickList), urlOf(apiRoutes.packingOrders)],
};
