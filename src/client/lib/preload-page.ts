const asked = new Set<string>();

/**
 * Fetches the code of the signed-in shell and of the page at `pathname` without running it, through
 * public/boot.js (which reads the build's table of each page's files from index.html). The login page calls
 * it while the owner types, so Puden's code is there when the sign-in answers. Each path is asked for once
 * (the login page calls it on every keystroke); nothing happens in development (no table).
 */
export function preloadPageCode(pathname: string): void {
  if (asked.has(pathname)) return;
  asked.add(pathname);
  (window as { naalepudenPreloadPage?: (pathname: string) => void }).naalepudenPreloadPage?.(pathname);
}
