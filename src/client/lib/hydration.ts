/**
 * The first screen's state (shared/first-screen-state.ts) where the app renders it: on the server for the request
 * being rendered (client/server-render/ provides it), in the browser from the page the server sent. Whatever a
 * render of the first screen depends on beyond its data comes from here while the app hydrates the server's DOM
 * (the server's clock, the device it laid the screen out for, the device's choices), so both renders agree to
 * the character; once the app has taken over, the browser's own values take their place in an ordinary update.
 *
 * The hooks use `useSyncExternalStore`'s server snapshot for this: React takes it on the server and while it
 * hydrates, and the client's snapshot in every other render, re-rendering at once after hydration when the two
 * differ.
 */
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_PREFS,
  type DevicePrefs,
  FIRST_SCREEN_STATE_ID,
  type FirstScreenState,
  parseFirstScreenState,
} from '../../shared/first-screen-state.ts';
import { mediaMatches, type Viewport, viewportOf } from './media-query.ts';

let serverState: (() => FirstScreenState | null) | undefined;

/** The server rendering a first screen hands its request's state over (client/server-render/first-screen.tsx). */
export function provideServerState(read: (() => FirstScreenState | null) | undefined): void {
  serverState = read;
}

let pageState: FirstScreenState | null | undefined;

/** The state the server sent with this page's first screen, or on the server the request's; null: none. */
export function firstScreenState(): FirstScreenState | null {
  if (serverState) return serverState();
  if (pageState === undefined)
    pageState =
      typeof document === 'undefined'
        ? null
        : parseFirstScreenState(document.getElementById(FIRST_SCREEN_STATE_ID)?.textContent);
  return pageState;
}

let tookOver = false;

/** The app has hydrated the server's screen (or started without one): the clock is the browser's from now on. */
export function markTakenOver(): void {
  tookOver = true;
}

/**
 * The time for what a render shows or asks (the year Salg opens on, the month "Afsendt i denne måned" reads): the
 * server's clock until the app has taken over its screen, so both renders ask the same.
 */
export function renderNow(): Date {
  const state = tookOver ? null : firstScreenState();
  return state ? new Date(state.now) : new Date();
}

const never = () => () => undefined;
const none = () => null;
const yes = () => true;
const no = () => false;

/**
 * False where the server renders a first screen and while the app hydrates it, true in every other render: what
 * loads on demand (a chart's code) stands as its placeholder until then, so the server never has to suspend.
 */
export function useRendersOnItsOwn(): boolean {
  return useSyncExternalStore(never, yes, no);
}

/**
 * The screen a first screen is laid out for, in its render on the server and while the app hydrates it (the
 * virtual lists render the rows that fill it, in the flow, as nothing can be measured there); null in every
 * other render.
 */
export function useFirstScreenViewport(): Viewport | null {
  return useSyncExternalStore(never, none, firstScreenViewport);
}

function firstScreenViewport(): Viewport | null {
  const state = firstScreenState();
  return state ? viewportOf(state.device) : null;
}

/**
 * MUI's `useMediaQuery` answer for the first screen's device (its `ssrMatchMedia`: used on the server and while
 * hydrating); a laptop's where there is no first screen.
 */
export function firstScreenMatchMedia(query: string): { matches: boolean } {
  return { matches: mediaMatches(query, firstScreenViewport() ?? viewportOf('desktop')) };
}

/**
 * A device choice the first screen shows (`key` of the prefs): the server's (from the cookie it got) on the server
 * and while hydrating, `current()` (the device's own) in every other render; `subscribe` tells of a change.
 */
export function useDevicePref<K extends keyof DevicePrefs>(
  key: K,
  current: () => DevicePrefs[K],
  subscribe: (onChange: () => void) => () => void,
): DevicePrefs[K] {
  return useSyncExternalStore(subscribe, current, () => (firstScreenState()?.prefs ?? DEFAULT_PREFS)[key]);
}
