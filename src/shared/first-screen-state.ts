/**
 * What a server-rendered first screen was made of (decision 0014), sent in the page beside it so the app renders
 * exactly the same and takes the server's DOM over with React's hydration instead of building it anew: the
 * server's clock at the render, the kind of device it laid the screen out for, the version of each first read
 * it rendered (the app hydrates only with the same answers), the small answers themselves (the session and the
 * shop's settings, so the app need not ask before it can take over) and the device's own choices the screen
 * shows (from their cookies).
 */
export const FIRST_SCREEN_STATE_ID = 'naalepuden-first-screen';

/** The device the server laid the screen out for, guessed from the user agent. */
export type DeviceClass = 'phone' | 'desktop';

/** The todo list's grouping (docs/product/todos.md: a flat list, per customer, summed per bead), a choice kept on
 * the device and sent to the server as a cookie. */
export const TODO_GROUPINGS = ['none', 'customer', 'cumulative'] as const;
export type TodoGrouping = (typeof TODO_GROUPINGS)[number];
export const TODO_GROUPING_COOKIE = 'naalepuden-todo-grouping';

/** The device's choices a first screen shows. */
export type DevicePrefs = { todoGrouping: TodoGrouping };
export const DEFAULT_PREFS: DevicePrefs = { todoGrouping: 'none' };

export type FirstScreenState = {
  /** The server's clock when it rendered (ISO instant). */
  now: string;
  device: DeviceClass;
  /** Each first read's ETag as the server rendered it, by URL. */
  versions: Record<string, string>;
  /** Answers carried in the page, by URL (the session, the shop's settings). */
  answers: Record<string, unknown>;
  prefs: DevicePrefs;
};

export const isTodoGrouping = (value: unknown): value is TodoGrouping =>
  TODO_GROUPINGS.some((grouping) => grouping === value);

/** The device's choices from a Cookie header (or `document.cookie`); what is missing or unknown: the default. */
export function prefsFromCookies(cookieHeader: string | undefined): DevicePrefs {
  const value = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TODO_GROUPING_COOKIE}=`))
    ?.slice(TODO_GROUPING_COOKIE.length + 1);
  return { todoGrouping: isTodoGrouping(value) ? value : DEFAULT_PREFS.todoGrouping };
}

/**
 * The state as a script element of type application/json (inert: no script runs, so the page's Content Security
 * Policy needs nothing). `<` is written as \u003c, so no text in the data can close the element.
 */
export function firstScreenStateElement(state: FirstScreenState): string {
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${json}</script>`;
}

/** The state read back from the page's element text; null when it is missing or not what the server writes. */
export function parseFirstScreenState(text: string | null | undefined): FirstScreenState | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<FirstScreenState> | null;
    if (
      !value ||
      typeof value.now !== 'string' ||
      (value.device !== 'phone' && value.device !== 'desktop') ||
      typeof value.versions !== 'object' ||
      typeof value.answers !== 'object' ||
      !value.prefs ||
      !isTodoGrouping(value.prefs.todoGrouping)
    )
      return null;
    return value as FirstScreenState;
  } catch {
    return null;
  }
}
