/**
 * A message one page leaves for the next to show as a toast: the login page's "Velkommen …" for the app it
 * starts, the app's "Du er nu logget ud!" for the login page it reloads into. sessionStorage, so it survives a
 * reload of the tab and nothing else.
 */
const KEY = 'naalepuden-notice';

export function leaveNotice(text: string): void {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // No storage (a private mode): the message is not shown; nothing else depends on it.
  }
}

/** The message left for this page, once. */
export function takeNotice(): string | null {
  try {
    const text = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return text;
  } catch {
    return null;
  }
}
