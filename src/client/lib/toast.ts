/**
 * The toasts' library (sonner, ~9 kB gzip) is not part of the first screen. It loads when the
 * first toast is shown, or a few seconds after the first screen, whichever comes first; callers hand over
 * what to show, and it shows once the library is there. The Toaster (main.tsx) mounts then too, and shows
 * what was asked for before it mounted.
 */
type Sonner = typeof import('sonner');

let loading: Promise<Sonner> | undefined;
const waiting: Array<(sonner: Promise<Sonner>) => void> = [];

export function loadToasts(): Promise<Sonner> {
  if (!loading) {
    loading = import('sonner');
    for (const notify of waiting.splice(0)) notify(loading);
  }
  return loading;
}

/** Calls `then` with the library's loading once something has asked for it (at once if it has). */
export function whenToastsLoad(then: (sonner: Promise<Sonner>) => void): void {
  if (loading) then(loading);
  else waiting.push(then);
}

/** Shows a toast with sonner's `toast` as soon as it has loaded. */
export function showToast(show: (toast: Sonner['toast']) => void): void {
  void loadToasts().then(({ toast }) => show(toast));
}
