import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What the offline specs share: the banner's texts, the toasts, the service worker and the persisted cache. */
export const OFFLINE = 'Offline – viser senest hentede data';

/** The banner says nothing: online, and nothing waits to be sent. */
export async function nothingWaits(page: Page) {
  await expect(page.getByText(OFFLINE)).toHaveCount(0);
  await expect(page.getByText(/^(\d+ ændringer? venter|Sender \d+ ændringer?…)$/)).toHaveCount(0);
}

export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The app's service worker is active: a reload without network is served from its precache. */
export async function serviceWorkerReady(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => Boolean(await navigator.serviceWorker?.getRegistration())), {
      timeout: 20_000,
    })
    .toBe(true);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/**
 * Runs in the page: whether the cache saved in IndexedDB (lib/persist.ts) holds each of these texts. The database
 * is only looked into once the app has made it: opening it first would make it without its store (the page may
 * show the server's first screen before the app has started, decision 0014). Shared with the WebKit specs.
 */
export function persistedHolds(wanted: string[]): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const read = () => {
      const open = indexedDB.open('naalepuden');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('cache')) return resolve(false);
        const all = db.transaction('cache').objectStore('cache').getAll();
        all.onsuccess = () =>
          resolve(
            wanted.every((text) =>
              all.result.some((value) => typeof value === 'string' && value.includes(text)),
            ),
          );
        all.onerror = () => resolve(false);
      };
    };
    void indexedDB.databases().then(
      (databases) => (databases.some((database) => database.name === 'naalepuden') ? read() : resolve(false)),
      () => resolve(false),
    );
  });
}

/**
 * The cache saved in IndexedDB holds each of these texts (saved from 5 s after the load event, at most once a
 * second, in idle time, and at once when the page is left). 30 s: on a machine whose two cores also run the
 * server and a second test worker, the idle moments the writer waits for come late.
 */
export async function persisted(page: Page, ...texts: string[]) {
  await expect.poll(() => page.evaluate(persistedHolds, texts), { timeout: 30_000 }).toBe(true);
}
