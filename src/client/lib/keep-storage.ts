/**
 * Asks the browser to keep this device's saved data (the offline cache and the queue of writes made offline)
 * rather than clear it when space runs low or, in Safari, after seven days without a visit (docs/decisions/0015).
 * Chromium and Safari answer without asking the owner (an installed app, a site in use); Firefox may ask once.
 * Resolves whether the data is kept, or undefined where the browser cannot say.
 */
export async function askToKeepStorage(): Promise<boolean | undefined> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return undefined;
  try {
    if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
