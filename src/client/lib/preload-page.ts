/**
 * Fetches the code of the signed-in shell and of the page at `pathname` without running it, through
 * public/boot.js (which reads the build's table of each page's files from index.html). The login page calls
 * it while the owner types, so Puden's code is there when the sign-in answers. Nothing happens in
 * development (no table) or when the code is fetched already.
 */
export function preloadPageCode(pathname: string): void {
  (window as { naalepudenPreloadPage?: (pathname: string) => void }).naalepudenPreloadPage?.(pathname);
}
