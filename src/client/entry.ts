/**
 * The page's first module: the login page or the app. The login page (login/login-page.ts) is plain DOM, a
 * form and a few lines (issue 22: the first thing a phone loads carries no React and no MUI); the app
 * (main.tsx) starts when the sign-in has answered, in the same page, or at once on every other path.
 * public/boot.js makes the same choice for the files it asks for early, and sends the owner of the last
 * session from '/' (where the installed app starts) straight to Puden; this repeats it for development.
 */
import { rememberedUser } from './lib/remembered-user.ts';

const LOGIN_PATHS = new Set(['/', '/login']);

/** Evaluates the app's code without starting it (the login page, while the sign-in request is under way). */
export function prepareApp(): Promise<typeof import('./main.tsx')> {
  return import('./main.tsx');
}

/** Starts the app at `path` (the address bar follows without a reload), with its first reads asked now. */
export function startApp(path: string): void {
  if (path !== window.location.pathname) window.history.replaceState(null, '', path);
  (window as { naalepudenReadFirst?: (pathname: string) => void }).naalepudenReadFirst?.(path);
  void prepareApp().then((app) => app.start());
}

if (window.location.pathname === '/' && rememberedUser()) startApp('/pillow');
else if (LOGIN_PATHS.has(window.location.pathname)) {
  void import('./login/login-page.ts').then(({ showLoginPage }) => showLoginPage(startApp, prepareApp));
} else void prepareApp().then((app) => app.start());
