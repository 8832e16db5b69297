/**
 * The page module of each signed-in path (files in app/routes/, without `.tsx`). The router loads a page
 * from this table before the session check has answered (router.tsx, `preloadRoute`), and the build writes
 * it into index.html with the script files of each page (vite.config.ts, `paintFirst`), so public/boot.js
 * can ask for the shell's and the page's code beside the entry script instead of after it has run.
 * Plain data: vite.config.ts reads it too.
 */
export const ROUTE_PAGES = [
  ['^/pillow$', 'pillow-page'],
  ['^/customers$', 'customers-page'],
  ['^/customers/archived$', 'archived-customers-page'],
  ['^/customers/[^/]+$', 'customer-page'],
  ['^/needles$', 'beads-page'],
  ['^/needles/[^/]+$', 'bead-page'],
  ['^/orders$', 'orders-page'],
  ['^/todos$', 'todos-page'],
  ['^/settings$', 'settings-page'],
  ['^/packing$', 'packing-page'],
  ['^/reminders$', 'reminders-page'],
  ['^/sales$', 'sales-page'],
] as const;

export type RoutePage = (typeof ROUTE_PAGES)[number][1];

/** The signed-in app's frame (app bar, drawer), loaded with every page above. */
export const SHELL_MODULE = 'src/client/app/app-shell.tsx';

export const pageModule = (page: RoutePage) => `src/client/app/routes/${page}.tsx`;
