import type { WebDriver } from 'selenium-webdriver';
import { persistedHolds } from '../../e2e/support/offline.ts';
import { appTookOver, waitFor } from './screen.ts';

/** The app's service worker is active and controls the page (after a reload: a first install does not claim). */
export async function serviceWorkerControls(phone: WebDriver): Promise<void> {
  await waitFor(
    () =>
      phone.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         navigator.serviceWorker.getRegistration().then((r) => done(r?.active?.state ?? null), () => done(null));`,
      ),
    (state) => state === 'activated',
    'an active service worker',
    30_000,
  );
  await phone.navigate().refresh();
  await waitFor(
    () => phone.executeScript('return Boolean(navigator.serviceWorker.controller)'),
    (controlled) => controlled === true,
    'the service worker to control the page',
  );
  await appTookOver(phone);
}

/** The cache saved in IndexedDB holds each of these texts (tests/e2e/support/offline.ts, the same check). */
export async function persistedIn(phone: WebDriver, ...texts: string[]): Promise<void> {
  await waitFor(
    () =>
      phone.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         (${persistedHolds.toString()})(arguments[0]).then(done, () => done(false));`,
        texts,
      ),
    (holds) => holds === true,
    `the saved cache to hold ${texts.join(', ')}`,
    15_000,
  );
}
