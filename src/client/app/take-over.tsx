import { createContext, useContext, useInsertionEffect } from 'react';

/** What the app does once the screen's content is its own (main.tsx): none where nothing waits for it. */
export const TakeOverContext = createContext<(() => void) | undefined>(undefined);

/**
 * Rendered beside the page's content, inside the boundary that holds it (app-shell.tsx). React hydrates the
 * server's screen in parts: the app's frame first, then each Suspense boundary in a commit of its own. This one's
 * insertion effect runs in the commit that hydrates (or renders) the page, the last part: from then on the whole
 * screen is the app's.
 */
export function TookOver() {
  const tookOver = useContext(TakeOverContext);
  useInsertionEffect(() => tookOver?.(), [tookOver]);
  return null;
}
