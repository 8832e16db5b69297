/**
 * THE table of screens: every page path of the app is spelled here and nowhere else
 * (tests/architecture/page-paths.test.ts). What is made from it:
 * - the router's paths and pages (client/app/router.tsx): a screen's page is named after it (`archivedCustomers`:
 *   `client/app/routes/archived-customers-page.tsx` exporting `ArchivedCustomersPage`), loaded when first shown;
 * - the menu (client/app/nav-items.ts: `nav`'s label, icon and place);
 * - the build's tables in index.html for the boot script (client/boot/boot.ts, vite.config.ts): each path's page code, and each
 *   path's first reads, requested before the app's JavaScript has arrived;
 * - the screens the server renders first (client/server-render/first-screen.tsx, `serverRendered`);
 * - the paths the server answers with the app's page (`pagePaths`);
 * - links between screens (`pathOf`).
 *
 * Plain data that both programs and the build's config read: no React, no icons, no texts (a menu label is
 * a function of the texts, so the login page, which imports this table, carries none of them). The code that
 * belongs to a screen is keyed by its name and tsc holds it complete: the menu's icon components
 * (nav-items.ts), the queries prefetched (api/boot.ts) and the answers restored first offline (api/offline.ts).
 * The public pages and the start screen's path live in public-pages.ts, all the login page needs.
 *
 * A fixed path comes before a path with a parameter in the same place (`/customers/archived` before
 * `/customers/:id`): the first screen whose path matches is the one shown.
 */
import { type ApiRoute, apiRoutes, type RouteInput } from './api/routes.ts';
import { copenhagenYear } from './domain/dates.ts';
import { FIRST_SCREEN_TODOS, MAX_SALES_YEAR, MIN_SALES_YEAR } from './domain/limits.ts';
import { fillPath, matchPath, type PathParams } from './paths.ts';
import { publicPages, START_PATH } from './public-pages.ts';
import type { texts } from './texts.ts';

type Texts = typeof texts;

export type Screen = {
  /** The address, `:name` for a parameter (the router's and Fastify's syntax). */
  readonly path: string;
  /** Its entry in the menu, in `order`; none: the screen is reached from another one. */
  readonly nav?: { readonly label: (t: Texts) => string; readonly icon: string; readonly order: number };
  /**
   * What the screen reads first, as calls of the route table (decision 0021): the app asks them at start
   * (client/api/boot.ts), restores them first offline (client/api/offline.ts), and the server renders the screen
   * with them (`serverRendered`); their keys, URLs and fetches come from the route table's entries
   * (client/api/query.ts). A screen whose reads depend on neither its path's params nor the clock has them
   * asked by the boot script too, before any of the app's JavaScript (client/boot/boot.ts, `bootReads`).
   */
  readonly firstReads?: (at: ScreenAt) => readonly FirstRead[];
  /** The boot script asks the first reads early (they need no params and no clock). */
  readonly bootReads?: true;
  /** A signed-in owner who opens it gets it rendered by the server (decision 0014). */
  readonly serverRendered?: boolean;
};

/** Where a screen is shown: its path's params, the address's query, and the moment (the server's while hydrating). */
export type ScreenAt = { params: Record<string, string>; search: URLSearchParams; now: Date };

/** One first read: a GET of the route table with its input; `pages`: the first page of a paged list. */
export type FirstRead = {
  route: ApiRoute;
  input?: { params?: Record<string, string>; query?: object };
  pages?: true;
};

/** A first read of `route` (typed by the route: its params and query). */
const read = <R extends ApiRoute>(route: R, input?: RouteInput<R>, pages?: true): FirstRead => ({
  route,
  ...(input ? { input: input as FirstRead['input'] } : {}),
  ...(pages ? { pages } : {}),
});

/** Salg's year: `?year=` when it is one, else this year in Copenhagen. */
export function salesYearOf(param: string | null, now: Date): number {
  const year = Number(param);
  return Number.isInteger(year) && year >= MIN_SALES_YEAR && year <= MAX_SALES_YEAR
    ? year
    : copenhagenYear(now);
}

export const screens = {
  pillow: {
    path: START_PATH,
    nav: { label: (t) => t.nav.pillow, icon: 'home', order: 1 },
    firstReads: () => [read(apiRoutes.pillow)],
    bootReads: true,
    serverRendered: true,
  },
  customers: {
    path: '/customers',
    nav: { label: (t) => t.nav.customers, icon: 'people', order: 2 },
    firstReads: () => [read(apiRoutes.customers)],
    bootReads: true,
    serverRendered: true,
  },
  archivedCustomers: { path: '/customers/archived' },
  customer: {
    path: '/customers/:id',
    firstReads: ({ params }) => [read(apiRoutes.customer, { params: { id: params.id ?? '' } })],
  },
  beads: {
    path: '/needles',
    nav: { label: (t) => t.nav.beads, icon: 'grain', order: 3 },
    firstReads: () => [read(apiRoutes.beads)],
    bootReads: true,
    serverRendered: true,
  },
  bead: {
    path: '/needles/:id',
    firstReads: ({ params }) => [read(apiRoutes.bead, { params: { id: params.id ?? '' } })],
  },
  orders: {
    path: '/orders',
    nav: { label: (t) => t.nav.orders, icon: 'receipt', order: 4 },
    firstReads: () => [read(apiRoutes.openOrders)],
    bootReads: true,
    serverRendered: true,
  },
  todos: {
    path: '/todos',
    nav: { label: (t) => t.nav.todos, icon: 'checklist', order: 5 },
    firstReads: () => [read(apiRoutes.firstTodos, { query: { limit: FIRST_SCREEN_TODOS } })],
    bootReads: true,
    serverRendered: true,
  },
  settings: {
    path: '/settings',
    nav: { label: (t) => t.data.nav, icon: 'settings', order: 11 },
  },
  packing: {
    path: '/packing',
    nav: { label: (t) => t.packing.nav, icon: 'parcel', order: 7 },
    firstReads: () => [read(apiRoutes.pickList), read(apiRoutes.packingOrders, undefined, true)],
    bootReads: true,
    serverRendered: true,
  },
  reminders: {
    path: '/reminders',
    nav: { label: (t) => t.reminders.nav, icon: 'reminder', order: 6 },
    firstReads: () => [read(apiRoutes.reminders, undefined, true)],
  },
  sales: {
    path: '/sales',
    nav: { label: (t) => t.nav.sales, icon: 'chart', order: 8 },
    // Its year comes from the address (`?year=`) and the clock: the boot script cannot ask it early.
    firstReads: ({ search, now }) => [
      read(apiRoutes.sales, { query: { year: salesYearOf(search.get('year'), now) } }),
    ],
    serverRendered: true,
  },
  /** Regnskab (docs/product/money.md): a month's, a quarter's or a year's books, and their files. */
  books: {
    path: '/books',
    nav: { label: (t) => t.money.books.nav, icon: 'books', order: 9 },
  },
  /** Optælling (docs/product/stock.md): one bead at a time, on the phone at the shelves. */
  stockCount: {
    path: '/stocktake',
    nav: { label: (t) => t.stock.countScreen.title, icon: 'stocktake', order: 10 },
    firstReads: () => [read(apiRoutes.beads), read(apiRoutes.stockCounts)],
  },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof screens;
type ScreenTable = typeof screens;
/** A screen's route params, named by its path: `ScreenParams<'customer'>` is `{ id: string }`. */
export type ScreenParams<N extends ScreenName> = PathParams<ScreenTable[N]['path']>;
/** The screen at a path, with its params typed by that screen's path. */
export type ScreenMatch = {
  [N in ScreenName]: { name: N; screen: Screen; params: ScreenParams<N> };
}[ScreenName];
/** The menu's icons by name (client/app/nav-items.ts maps each to its component). */
export type NavIcon = {
  [N in ScreenName]: ScreenTable[N] extends { nav: { icon: infer I } } ? I : never;
}[ScreenName];

export { publicPages };

/** Where a sign-in leads, and where the installed app opens for the owner of the last session. */
export const startScreen = screens.pillow;

/**
 * Every screen with its name and its page's name (`archived-customers` for `archivedCustomers`: the module
 * `src/client/app/routes/<page>-page.tsx`), in the table's order.
 */
export const screenList = (Object.keys(screens) as ScreenName[]).map((name) => ({
  name,
  page: name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`),
  ...(screens[name] as Screen),
}));

/**
 * Every path the server answers with the app's page (the app shows 'Siden findes ikke' for any other). A
 * function, so the client's bundle, which never asks, leaves it out.
 */
export const pagePaths = (): string[] => [
  ...Object.values(publicPages),
  ...screenList.map((screen) => screen.path),
];

/**
 * The screen at a path and its parameters (shared/paths.ts: the rules the router and the page's boot script
 * match with too), or null.
 */
export function screenAt(pathname: string): ScreenMatch | null {
  for (const screen of screenList) {
    const params = matchPath(screen.path, pathname);
    // matchPath found every `:name` of this screen's path: the params are the screen's.
    if (params) return { name: screen.name, screen, params } as ScreenMatch;
  }
  return null;
}

type QueryOf = Record<string, string>;

/**
 * A link to a screen: `pathOf(screens.customer, { id })` is `/customers/<id, encoded>`; `query` adds a
 * query string.
 */
export function pathOf<S extends Screen>(
  screen: S,
  ...[params, query]: keyof PathParams<S['path']> extends never
    ? [params?: undefined, query?: QueryOf]
    : [params: PathParams<S['path']>, query?: QueryOf]
): string {
  return fillPath(screen.path, params ?? {}, query);
}
