/**
 * The page's boot script, inline in index.html after the meta tables (the build bundles it, vite.config.ts
 * `paintFirst`; the server allows it by its hash). A module script runs once the page is parsed: it asks for
 * the screen's first reads and the page's code, then starts the entry after the first frame, so the owner sees
 * the loading page (or the server's first screen) at once on a slow phone instead of a white page while the
 * scripts load. What it reads is shared/page-contract.ts's.
 */
import { type MetaTables, readMeta } from '../../shared/page-contract.ts';
import { matchPath } from '../../shared/paths.ts';
import { publicPages, START_PATH } from '../../shared/public-pages.ts';
import { rememberedUser } from '../lib/remembered-user.ts';

const LOGIN_PATHS: readonly string[] = [publicPages.start, publicPages.login];

// At the start (where the installed app opens) the owner of the last session goes straight to Puden; the login
// page carries no React and no MUI (src/client/login/). src/client/entry.ts says the same for development.
if (location.pathname === publicPages.start && rememberedUser()) history.replaceState(null, '', START_PATH);

// What a screen reads first, requested now, before the app's JavaScript has arrived: the answers travel beside
// the code instead of after it, and lib/api.ts takes them over (each once, within 20 s). The login page asks again
// for Puden's when the sign-in has answered.
const early: NonNullable<typeof globalThis.naalepudenEarly> = {};
globalThis.naalepudenEarly = early;
const firstReads = readMeta('firstReads');
function readFirst(pathname: string): void {
  if (!firstReads) return;
  const pattern = Object.keys(firstReads.paths).find((candidate) => matchPath(candidate, pathname));
  const urls = [...(pattern ? (firstReads.paths[pattern] ?? []) : []), firstReads.session];
  for (const url of urls) {
    // A failed request is simply made again by the app, which then tells the owner she is offline.
    early[url] = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } }).catch(
      () => undefined,
    );
    setTimeout(() => delete early[url], 20_000);
  }
}
window.naalepudenReadFirst = readFirst;
readFirst(location.pathname);

const preloaded = new Set<string>();
// All links go into the document at once: appended one by one, each made the page do its own round of work
// (~150 ms for the ~50 files of a screen on a low-tier phone).
function preload(hrefs: readonly (string | undefined)[]): void {
  const links = document.createDocumentFragment();
  for (const href of hrefs) {
    if (!href || preloaded.has(href)) continue;
    preloaded.add(href);
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
}

// The signed-in shell's and a page's code, asked for beside the entry instead of after it has run.
const chunks: MetaTables['routeChunks'] | null = readMeta('routeChunks');
function preloadPage(pathname: string): void {
  const route = chunks?.routes.find(([pattern]) => matchPath(pattern, pathname));
  if (chunks && route) preload([...chunks.shell, ...route[1]].map((index) => chunks.files[index]));
}
// The login page fetches the app's and Puden's code while the owner types (src/client/login/login-page.ts),
// without running it: it runs when the sign-in has answered.
window.naalepudenPreloadApp = (pathname) => {
  preload(readMeta('preload') ?? []);
  preloadPage(pathname);
};

let started = false;
function start(): void {
  if (started) return;
  started = true;
  if (LOGIN_PATHS.includes(location.pathname)) preload(readMeta('login') ?? []);
  else window.naalepudenPreloadApp?.(location.pathname);
  const entry = readMeta('entry');
  if (entry) void import(entry);
}
// The server's first screen, before the app runs (decision 0014), is usable at once: the page's first script
// (boot/hold-taps.ts) lets links load their pages, opens the plain menu at a tap on Menu and holds every other
// tap for the app to carry out.

// A timer queued from an animation frame runs after that frame is painted. A hidden tab paints no frames.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
