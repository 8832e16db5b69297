/**
 * What the page's first script (boot/hold-taps.ts, inline in index.html) and the app (lib/held-taps.ts) share:
 * the taps held on the server's first screen before the app was there.
 */
export type HeldTaps = {
  /** The controls tapped, in order (each once), waiting for the app. */
  controls: Element[];
  /** The plain menu of links beside the screen is open. */
  menuOpen: boolean;
};

/** The attribute of the pressed-and-busy marks over held controls (outside the app's root). */
export const HELD_MARK_ATTRIBUTE = 'data-tap-held';

declare global {
  interface Window {
    /** Set by boot/hold-taps.ts before the first paint of a page. */
    naalepudenTaps?: HeldTaps;
  }
}
