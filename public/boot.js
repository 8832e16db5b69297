// Starts the page after the loading page (index.html's skeleton) has been painted once, so the owner sees
// Nålepuden at once on a slow phone instead of a white page while the scripts load. The build (vite.config.ts,
// `paintFirst`) moves the entry script and the files it needs into meta tags read here.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
// The login page carries no React and no MUI (src/client/login/); at the start (where the installed app opens)
// the owner of the last session goes straight to Puden (src/client/entry.ts says the same for development). The
// paths are src/shared/screens.ts's, written into index.html by the build.
let pages = { start: '', login: '', firstScreen: '' };
try {
  pages = JSON.parse(meta('naalepuden-pages') || 'null') ?? pages;
} catch {
  // No table (development): entry.ts chooses.
}
const LOGIN_PATHS = [pages.start, pages.login].filter(Boolean);
try {
  if (pages.firstScreen && location.pathname === pages.start && localStorage.getItem('naalepuden-user'))
    history.replaceState(null, '', pages.firstScreen);
} catch {
  // No storage (a private mode): the login page sends a signed-in visitor on.
}
// What a screen reads first, requested now, before the app's JavaScript has arrived: the answers travel beside
// the code instead of after it, and lib/api.ts takes them over (each once, within 20 s). The table is
// src/client/api/first-reads.ts, written into index.html by the build. The login page calls this again for
// Puden when the sign-in has answered.
window.naalepudenEarly = {};
function readFirst(pathname) {
  try {
    const reads = JSON.parse(meta('naalepuden-first-reads') || '{"session":"","paths":{}}');
    for (const url of [...(reads.paths[pathname] ?? []), reads.session].filter(Boolean)) {
      window.naalepudenEarly[url] = fetch(url, {
        credentials: 'same-origin',
        headers: { accept: 'application/json' },
      })
        // A failed request is simply made again by the app, which then tells the owner she is offline.
        .catch(() => undefined);
      setTimeout(() => delete window.naalepudenEarly[url], 20_000);
    }
  } catch {
    // No table (development): the app asks for everything itself.
  }
}
window.naalepudenReadFirst = readFirst;
readFirst(location.pathname);

const preloaded = new Set();
// All links go into the document at once: appended one by one, each made the page do its own round of work
// (~150 ms for the ~50 files of a screen on a low-tier phone).
function preload(hrefs) {
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
const list = (name) => meta(name).split(' ').filter(Boolean);

// The signed-in shell's and a page's code, asked for beside the entry instead of after it has run (the table
// comes from src/client/app/route-pages.ts, written into index.html by the build).
function preloadPage(pathname = location.pathname) {
  try {
    const chunks = JSON.parse(meta('naalepuden-route-chunks') || '{"files":[],"shell":[],"routes":[]}');
    const route = chunks.routes.find(([pattern]) => new RegExp(pattern).test(pathname));
    if (!route) return;
    preload([...chunks.shell, ...route[1]].map((index) => chunks.files[index]));
  } catch {
    // No table (development): the app loads the page itself.
  }
}
// The login page fetches the app's and Puden's code while the owner types (src/client/login/login-page.ts),
// without running it: it runs when the sign-in has answered.
window.naalepudenPreloadApp = (pathname) => {
  preload(list('naalepuden-preload'));
  preloadPage(pathname);
};

let started = false;
function start() {
  if (started) return;
  started = true;
  if (LOGIN_PATHS.includes(location.pathname)) preload(list('naalepuden-login'));
  else window.naalepudenPreloadApp(location.pathname);
  const entry = meta('naalepuden-entry');
  if (entry) import(entry);
}
// The server's first screen, before the app runs (decision 0014), is usable at once: the page's first script
// (src/client/boot/hold-taps.ts, inline in index.html) lets links load their pages, opens the plain menu at a tap
// on Menu and holds every other tap for the app to carry out.

// A timer queued from an animation frame runs after that frame is painted. A hidden tab paints no frames.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
