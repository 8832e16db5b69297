// Starts the app after the loading page (index.html's skeleton) has been painted once, so the owner sees
// Nålepuden at once on a slow phone instead of a white page while the scripts load. The build (vite.config.ts,
// `paintFirst`) moves the entry script and its preloads into the two meta tags read here.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? '';
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
}
// A timer queued from an animation frame runs after that frame is painted. A hidden tab paints no frames.
if (document.visibilityState === 'hidden') start();
else requestAnimationFrame(() => setTimeout(start, 0));
