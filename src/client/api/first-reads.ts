import { FIRST_SCREEN_TODOS } from '../../shared/domain/limits.ts';

/** The session check: every page waits for it (the login page too, to send a signed-in visitor on). */
export const SESSION_URL = '/api/auth/get-session';

/**
 * What the screen at a path reads first. The build writes this table into index.html (vite.config.ts,
 * `paintFirst`), and public/boot.js requests these URLs before any of the app's JavaScript has arrived, so
 * the first screen's data travels beside its code instead of after it (lib/api.ts takes the answers over).
 * The queries of api/boot.ts must ask exactly these URLs: tests/architecture checks that they do.
 */
export const FIRST_READ_URLS: Readonly<Record<string, readonly string[]>> = {
  '/pillow': ['/api/pillow'],
  '/customers': ['/api/customers'],
  '/needles': ['/api/beads'],
  '/orders': ['/api/orders'],
  '/todos': [`/api/todos/first?limit=${FIRST_SCREEN_TODOS}`],
  '/packing': ['/api/packing/pick-list', '/api/packing/orders'],
};
