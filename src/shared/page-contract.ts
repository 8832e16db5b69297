/**
 * What the page itself carries between the programs that make it and the scripts that run in it, in one place:
 * - the **meta tables** the build writes into index.html (vite.config.ts `paintFirst`) and the page's boot script
 *   reads before any of the app's code has arrived (src/client/boot/boot.ts): their names and shapes;
 * - the **window globals** the page's two inline scripts share with the app and the login page (the early
 *   answers, the reads and preloads the login page asks for, the taps held before the app).
 * No other module casts `window` (tests/architecture/page-contract.test.ts). The first screen's state, which the
 * server writes beside its screen, is shared/first-screen-state.ts.
 */

/** The meta tables and what each holds (JSON in the content attribute). */
export type MetaTables = {
  /** The app's entry script (src/client/entry.ts, built). */
  entry: string;
  /** The files the app's start needs, asked for beside the entry on every page but the login page. */
  preload: string[];
  /** The login page's own files. */
  login: string[];
  /** Each screen's first reads by its path pattern, and the session check (src/client/api/first-reads.ts). */
  firstReads: { session: string; paths: Record<string, readonly string[]> };
  /** Each screen's page code by its path pattern, and the signed-in shell's: indexes into `files`. */
  routeChunks: { files: string[]; shell: number[]; routes: Array<[pattern: string, files: number[]]> };
};

export type MetaName = keyof MetaTables;

const metaNameOf = (name: MetaName) =>
  `naalepuden-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

/** A meta table as the build writes it: its value as JSON in the content attribute. */
export function metaTag<K extends MetaName>(name: K, value: MetaTables[K]): string {
  const content = JSON.stringify(value)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;');
  return `<meta name="${metaNameOf(name)}" content="${content}" />`;
}

/** A meta table of the page, or null where there is none (development) or it cannot be read. */
export function readMeta<K extends MetaName>(name: K): MetaTables[K] | null {
  const content = document.querySelector(`meta[name="${metaNameOf(name)}"]`)?.getAttribute('content');
  if (!content) return null;
  try {
    return JSON.parse(content) as MetaTables[K];
  } catch {
    return null;
  }
}

/** The answers the boot script asked for early, by URL, each taken once by the app (src/client/lib/api.ts). */
export type EarlyAnswers = Record<string, Promise<Response | undefined> | undefined>;

/**
 * The answer the boot script asked for `url` before the app's code arrived, taken once: later reads of the URL go
 * to the server as usual (the boot script forgets an answer nobody took within 20 s). Where the server renders a
 * first screen, the request's own answers.
 */
export function takeEarlyAnswer(url: string): Promise<Response | undefined> | undefined {
  const early = globalThis.naalepudenEarly;
  const answer = early?.[url];
  if (!early || !answer) return undefined;
  delete early[url];
  return answer;
}

/** The taps held on the server's first screen before the app was there (src/client/boot/hold-taps.ts). */
export type HeldTaps = {
  /** The controls tapped, in order (each once), waiting for the app. */
  controls: Element[];
  /** The plain menu of links beside the screen is open. */
  menuOpen: boolean;
};

/** The attribute of the pressed-and-busy marks over held controls (outside the app's root). */
export const HELD_MARK_ATTRIBUTE = 'data-tap-held';

declare global {
  /** The early answers: the boot script's in the browser, the request's own where the server renders. */
  var naalepudenEarly: EarlyAnswers | undefined;
  interface Window {
    /** The boot script asks for a path's first reads (the login page, for Puden, once signed in). */
    naalepudenReadFirst?: (pathname: string) => void;
    /** The boot script fetches the app's and a page's code without running it (the login page, while she types). */
    naalepudenPreloadApp?: (pathname: string) => void;
    /** Set by boot/hold-taps.ts before the first paint of a page. */
    naalepudenTaps?: HeldTaps;
  }
}
