// Starts the app after the loading page (index.html's skeleton) has been painted once, so the owner sees
// Nålepuden at once on a slow phone instead of a white page while the scripts load. The build (vite.config.ts,
// `paintFirst`) moves the entry script and its preloads into the two meta tags read here.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
// The session check and the first screen's data, requested now, before the app's JavaScript has arrived: the
// answers travel beside the code instead of after it, and lib/api.ts takes them over (each once). The table is
// src/client/api/first-reads.ts, written into index.html by the build.
window.naalepudenEarly = {};
try {
  const reads = JSON.parse(meta('naalepuden-first-reads') || '{"session":"","paths":{}}');
  for (const url of [reads.session, ...(reads.paths[location.pathname] ?? [])].filter(Boolean)) {
    window.naalepudenEarly[url] = fetch(url, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    })
      // A failed request is simply made again by the app, which then tells the owner she is offline.
      .catch(() => undefined);
  }
} catch {
  // No table (development): the app asks for everything itself.
}
let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of meta('naalepuden-preload').split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const entry = meta('naalepuden-entry');
  if (entry) import(entry);
  preloadPage();
}
// The signed-in shell's and a page's code, asked for beside the entry instead of after it has run (the table
// comes from src/client/app/route-pages.ts, written into index.html by the build). On the login page, or for a
// visitor who turns out not to be signed in, nothing or a little unused code is fetched. The login page asks
// for Puden's code this way while the owner types (src/client/lib/preload-page.ts).
const preloaded = new Set();
function preloadPage(pathname = location.pathname) {
  try {
    const chunks = JSON.parse(meta('naalepuden-route-chunks') || '{"files":[],"shell":[],"routes":[]}');
    const route = chunks.routes.find(([pattern]) => new RegExp(pattern).test(pathname));
    if (!route) return;
    for (const index of [...chunks.shell, ...route[1]]) {
      const href = chunks.files[index];
      if (preloaded.has(href)) continue;
      preloaded.add(href);
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  } catch {
    // No table (development): the app loads the page itself.
  }
}
window.naalepudenPreloadPage = preloadPage;
// A timer queued from an animation frame runs after that frame is painted. A hidden tab paints no frames.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
