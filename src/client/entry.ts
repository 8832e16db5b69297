/**
 * The page's first module: the login page or the app. The login page (login/login-page.ts) is plain DOM, a
 * form and a few lines (the first thing a phone loads carries no React and no MUI); the app
 * (main.tsx) starts when the sign-in has answered, in the same page, or at once on every other path.
 * The boot script (boot/boot.ts) makes the same choice for the files it asks for early, and sends the owner of the last
 * session from '/' (where the installed app starts) straight to Puden; this repeats it for development.
 */
import { publicPages, START_PATH } from '../shared/public-pages.ts';
import { rememberedUser } from './lib/remembered-user.ts';

const LOGIN_PATHS = new Set<string>([publicPages.start, publicPages.login]);

/** A task boundary: what follows runs in a task of its own, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Evaluates the app's code without starting it (the login page does it while the sign-in request is under way).
 * A module graph is evaluated in one go, and the app's whole graph was one task of ~300 ms on a low-tier phone,
 * during which a tap or a scroll waited. So the big libraries are evaluated first, each in a task of its own
 * (React and its DOM, then MUI's styling and the theme, then TanStack Query), and the app's own code last: the
 * same work, in pieces the phone can answer between.
 */
let prepared: Promise<typeof import('./main.tsx')> | undefined;
export function prepareApp(): Promise<typeof import('./main.tsx')> {
  prepared ??= (async () => {
    await import('react-dom/client');
    await nextTask();
    await import('./app/theme.ts');
    await nextTask();
    await import('@tanstack/react-query');
    await nextTask();
    return import('./main.tsx');
  })();
  return prepared;
}

/** Starts the app at `path` (the address bar follows without a reload), with its first reads asked now. */
export function startApp(path: string): void {
  if (path !== window.location.pathname) window.history.replaceState(null, '', path);
  window.naalepudenReadFirst?.(path);
  void prepareApp().then((app) => app.start());
}

if (window.location.pathname === publicPages.start && rememberedUser()) startApp(START_PATH);
else if (LOGIN_PATHS.has(window.location.pathname)) {
  void import('./login/login-page.ts').then(({ showLoginPage }) => showLoginPage(startApp, prepareApp));
} else void prepareApp().then((app) => app.start());
