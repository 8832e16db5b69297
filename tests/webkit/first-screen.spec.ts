/**
 * WebKit (every iPhone browser's engine): the server's first screen answers a tap before the app is there
 * (decision 0014). The app's scripts come over a slow link; "Tilføj Ny" is tapped on the server's screen, shows
 * at once that it was pressed, and its dialog opens once the app has hydrated the screen.
 */
import { shopApi, uniqueTag } from '../e2e/support/shop-api.ts';
import { expect, signIn, test } from './support/fixtures.ts';
import { networkPlug } from './support/network-plug.ts';
import { appTookOver, screen, waitFor } from './support/screen.ts';

test('Tilføj Ny tapped on the server’s first screen before the app is there opens its dialog', async ({
  phone,
  server,
  api,
}) => {
  await shopApi(api).customer(`Tidlig Tove ${uniqueTag()}`);
  const network = await networkPlug(server.url);
  try {
    await signIn(phone, network.url);
    // Every script of the app takes 3 s to arrive; the page itself, its data and the tap holder come at once.
    network.slowDown(3000, /^GET \/assets\//);
    // Navigated by the page itself, so the test goes on as soon as the server's screen shows (WebDriver's own
    // navigation waits for the load, which waits for the scripts).
    await phone.executeScript('location.assign(arguments[0])', `${network.url}/customers`);
    const ui = screen(phone);
    await ui.role('heading', { level: 1, name: 'Kunder' }).visible();
    await ui.role('button', { name: 'Tilføj Ny' }).click();
    const before = (await phone.executeScript(
      `return {
         serverScreen: document.getElementById('root').hasAttribute('data-first-screen'),
         pressed: document.querySelectorAll('[data-tap-held]').length,
       }`,
    )) as { serverScreen: boolean; pressed: number };
    expect(before).toEqual({ serverScreen: true, pressed: 1 });

    await ui.role('dialog', { name: 'Tilføj ny kunde' }).visible(20_000);
    await appTookOver(phone);
    await waitFor(
      () => phone.executeScript('return document.querySelectorAll("[data-tap-held]").length'),
      (count) => count === 0,
      'the pressed mark to go',
    );
  } finally {
    network.slowDown(0);
    await network.close();
  }
});
