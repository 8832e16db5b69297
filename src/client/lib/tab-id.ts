/**
 * A random id for this browser tab (this page load), sent with every write as `X-Client-Id`. The server puts
 * it on the change-log entries the write makes, and the live events carry it back: a tab skips the events
 * it caused itself, as its mutation has refreshed what it shows already.
 */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const TAB_ID: string = randomId();
