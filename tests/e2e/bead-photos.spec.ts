/**
 * Bead photos (decision 0016) on a phone, against the real server: a photo added through the file input on a
 * bead's page goes through the phone's own pipeline (createImageBitmap and a canvas in Chromium: upright,
 * JPEG, no EXIF leaves the phone) and shows on the bead's page, in Nåle's row and in Tilføj linje; the photos
 * are reordered, one is deleted and brought back with "Fortryd", and "Del" hands the share sheet one image
 * file. A photo taken without network waits on the phone with a "venter" mark, survives a reload without
 * network, and is uploaded once when the network returns; the photos seen show offline from the service
 * worker's caches, which signing out empties. "Tilføj ny nål" sends its photos to the new bead; the export with
 * photos downloads as a zip that Flyt data ind reads.
 */
import type { Page } from '@playwright/test';
import type { BeadWithTodos } from '../../src/shared/schemas/api-beads.ts';
import { cameraJpeg, plainPhoto } from '../support/photo-fixtures.ts';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { nothingWaits, OFFLINE, persisted, serviceWorkerReady, toast } from './support/offline.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

type PickedFile = { name: string; mimeType: string; buffer: Buffer };

/** Picks files the way a person does: a tap on the button, then the phone's file chooser. */
async function pick(page: Page, button: string, files: PickedFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(files);
}

const beadOf = (api: Api, id: string) => api<BeadWithTodos>('GET', `/api/beads/${id}`);

/** Counts the server's answers to photo uploads (a lost request has none). */
function uploads(page: Page) {
  const seen = { answered: 0 };
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && /\/api\/beads\/[^/]+\/photos$/.test(response.url())) seen.answered++;
  });
  return seen;
}

test('add photos on a bead’s page, see them everywhere, reorder, delete with Fortryd, and share one @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const shop = shopApi(api);
  const bead = await shop.bead(`Fotoperle ${tag}`, 85);
  const customer = await shop.customer(`Fotokunde ${tag}`);
  // Stand-in for the phone's share sheet: records what it is given.
  await page.addInitScript(() => {
    const shared: Array<{ name: string; type: string; size: number; text?: string }> = [];
    (window as unknown as { __shared: typeof shared }).__shared = shared;
    navigator.canShare = (data?: ShareData) => Boolean(data?.files?.length);
    navigator.share = async (data?: ShareData) => {
      for (const file of data?.files ?? [])
        shared.push({ name: file.name, type: file.type, size: file.size, text: data?.text });
    };
  });
  // What the phone puts into the upload (the files of its FormData), to look at after.
  await page.addInitScript(() => {
    const files: Blob[] = [];
    (window as unknown as { __uploaded: Blob[] }).__uploaded = files;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData)
        for (const [, value] of body.entries()) if (value instanceof Blob) files.push(value);
      return send.call(this, body);
    };
  });
  const camera = await cameraJpeg(4000, 3000);

  await page.goto(`/needles/${bead.id}`);
  await expect(page.getByText('Ingen fotos endnu')).toBeVisible();
  await pick(page, 'Vælg foto', [
    { name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: camera },
    { name: 'IMG_0002.PNG', mimeType: 'image/png', buffer: await plainPhoto('png', 900, 700) },
  ]);
  await expect(toast(page, '2 fotos tilføjet')).toBeVisible();
  const strip = page.getByRole('list', { name: 'Perlens fotos' });
  await expect(strip.getByRole('button')).toHaveCount(2);
  await expect(strip.getByRole('button', { name: 'Foto 1 af 2 (forside)' })).toBeVisible();
  const main = page.getByRole('button', { name: `Vis foto 1 af 2 af Fotoperle ${tag}` });
  await expect(main.locator('img')).toHaveJSProperty('complete', true);
  expect(await main.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(
    0,
  );

  // Shrunk on the phone: JPEGs of at most 2048 px, upright, without the camera's EXIF (its GPS position).
  const uploaded = await page.evaluate(() =>
    Promise.all(
      (window as unknown as { __uploaded: Blob[] }).__uploaded.map(async (file) => {
        const bitmap = await createImageBitmap(file);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const text = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
        return {
          type: file.type,
          width: bitmap.width,
          height: bitmap.height,
          exif: text.includes('Exif'),
          maker: text.includes('NaalepudenTestCam'),
        };
      }),
    ),
  );
  expect(uploaded).toEqual([
    { type: 'image/jpeg', width: 1536, height: 2048, exif: false, maker: false },
    { type: 'image/jpeg', width: 900, height: 700, exif: false, maker: false },
  ]);
  const [upright, second] = (await beadOf(api, bead.id)).photos;
  expect(upright).toMatchObject({ width: 1200, height: 1600 });

  // Nåle's row shows the cover's thumbnail.
  await page.goto('/needles');
  await page.getByRole('searchbox', { name: 'Søg perler…' }).fill(tag);
  const row = page
    .getByRole('group', { name: 'Perler' })
    .getByRole('listitem')
    .filter({ hasText: `Fotoperle ${tag}` });
  const thumb = row.locator(`img[src="/api/photos/${upright!.id}/thumb"]`);
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  expect(await thumb.evaluate((image: HTMLImageElement) => image.getBoundingClientRect().width)).toBe(40);

  // Tilføj linje shows it beside the bead's name.
  await page.goto(`/customers/${customer.id}`);
  await page.getByRole('button', { name: 'Tilføj vare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj linje' });
  await dialog.getByRole('searchbox').fill(tag);
  const option = dialog.getByRole('option', { name: new RegExp(`Fotoperle ${tag}`) });
  await expect(option.locator(`img[src="/api/photos/${upright!.id}/thumb"]`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Fortryd' }).click();

  // Reorder: the second photo moves first and becomes the cover.
  await page.goto(`/needles/${bead.id}`);
  await strip.getByRole('button', { name: 'Foto 2 af 2' }).click();
  await page.getByRole('button', { name: 'Flyt til venstre' }).click();
  await expect(strip.getByRole('button', { name: 'Foto 1 af 2 (forside)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect
    .poll(async () => (await beadOf(api, bead.id)).photos.map((p) => p.id))
    .toEqual([second!.id, upright!.id]);
  expect((await beadOf(api, bead.id)).photoId).toBe(second!.id);

  // Delete, then "Fortryd" in the toast brings it back where it was.
  await page.getByRole('button', { name: 'Slet foto' }).click();
  const removed = toast(page, 'Foto slettet');
  await expect(removed).toBeVisible();
  await expect(strip.getByRole('button')).toHaveCount(1);
  await removed.getByRole('button', { name: 'Fortryd' }).click();
  await expect(toast(page, 'Fotoet er tilbage')).toBeVisible();
  await expect(strip.getByRole('button')).toHaveCount(2);
  expect((await beadOf(api, bead.id)).photos.map((p) => p.id)).toEqual([second!.id, upright!.id]);

  // "Del": the photo as one JPEG file, fetched before the tap.
  const share = page.getByRole('button', { name: 'Del' });
  await expect(share).not.toHaveAttribute('aria-disabled', 'true');
  await share.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared.length))
    .toBe(1);
  const [file] = await page.evaluate(
    () => (window as unknown as { __shared: Array<{ name: string; type: string; size: number }> }).__shared,
  );
  expect(file).toMatchObject({ name: `Fotoperle ${tag}.jpg`, type: 'image/jpeg' });
  expect(file!.size).toBeGreaterThan(5_000);
});

test('a photo taken without network waits on the phone, survives a reload, is uploaded once, and shows offline from the service worker until signing out @phone', async ({
  signedIn: page,
  api,
  context,
}) => {
  const tag = uniqueTag();
  const bead = await shopApi(api).bead(`Offlineperle ${tag}`, 60);
  const sent = uploads(page);
  await page.goto(`/needles/${bead.id}`);
  await expect(page.getByText('Ingen fotos endnu')).toBeVisible();
  await serviceWorkerReady(page);
  await persisted(page, `Offlineperle ${tag}`);

  await context.setOffline(true);
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await pick(page, 'Tag foto', [
    { name: 'kamera.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(2400, 1800) },
  ]);
  const strip = page.getByRole('list', { name: 'Perlens fotos' });
  await expect(strip.getByText('venter')).toBeVisible();
  await expect(page.getByText('1 ændring venter')).toBeVisible();

  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Offlineperle ${tag}` })).toBeVisible();
  await expect(strip.getByText('venter')).toBeVisible();
  expect((await beadOf(api, bead.id)).photos).toEqual([]);

  await context.setOffline(false);
  await nothingWaits(page);
  await expect(strip.getByRole('button', { name: 'Foto 1 af 1 (forside)' })).toBeVisible();
  await expect(strip.getByText('venter')).toHaveCount(0);
  expect((await beadOf(api, bead.id)).photos).toHaveLength(1);
  expect(sent.answered).toBe(1);

  // Once: a reload sends nothing again.
  await page.reload();
  await expect(strip.getByRole('button', { name: 'Foto 1 af 1 (forside)' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(sent.answered).toBe(1);
  expect((await beadOf(api, bead.id)).photos).toHaveLength(1);

  // The service worker keeps the photos seen: without network the page still shows them.
  const loaded = (image: ReturnType<Page['locator']>) =>
    image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth);
  await expect.poll(() => loaded(strip.locator('img').first())).toBe(320);
  const cached = (name: string) =>
    page.evaluate(
      async (cache) => (await (await caches.open(cache)).keys()).map((request) => request.url),
      name,
    );
  await expect
    .poll(() => cached('naalepuden-photo-thumbs'))
    .toContainEqual(expect.stringMatching(/\/thumb$/));
  await expect.poll(() => cached('naalepuden-photos')).toContainEqual(expect.stringMatching(/\/display$/));
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(OFFLINE)).toBeVisible();
  await expect.poll(() => loaded(strip.locator('img').first())).toBe(320);
  await expect
    .poll(() => loaded(page.getByRole('button', { name: /^Vis foto 1 af 1/ }).locator('img')))
    .toBeGreaterThan(0);
  await context.setOffline(false);
  await nothingWaits(page);

  // Signed out, nothing of the shop's photos stays in the browser.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Log ud' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await cached('naalepuden-photo-thumbs')).toEqual([]);
  expect(await cached('naalepuden-photos')).toEqual([]);
});

test('the export with photos downloads as a zip, and Flyt data ind reads it back', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  const bead = await shopApi(api).bead(`Zipperle ${tag}`, 70);
  await page.goto(`/needles/${bead.id}`);
  await pick(page, 'Vælg foto', [
    { name: 'zip.png', mimeType: 'image/png', buffer: await plainPhoto('png', 640, 480) },
  ]);
  await expect(toast(page, 'Foto tilføjet')).toBeVisible();

  await page.goto('/settings');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Hent alt med fotos (zip)' }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/^naalepuden-eksport-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = await zip.path();

  // Into the same shop: the dry run reads the zip; the photos are left out (the beads have theirs already).
  await page.getByLabel('Vælg fil').setInputFiles(file);
  await expect(page.getByText('Prøvekørsel: intet er gemt endnu')).toBeVisible();
  await expect(page.getByText(/^Filen har \d+ fotos til \d+ perler/)).toBeVisible();
  await page.getByRole('button', { name: 'Importér' }).click();
  await expect(page.getByText(/^Fotos til \d+ perler er ikke lagt ind/)).toBeVisible();
  expect((await beadOf(api, bead.id)).photos).toHaveLength(1);
});

test('"Tilføj ny nål" takes photos too: they reach the new bead once it exists @phone', async ({
  signedIn: page,
  api,
}) => {
  const tag = uniqueTag();
  await page.goto('/needles');
  await page.getByRole('button', { name: 'Tilføj Ny' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tilføj ny nål' });
  await dialog.getByLabel('Navn').fill(`Nyfoto ${tag}`);
  await dialog.getByLabel('Pris').fill('65');
  await pick(page, 'Vælg foto', [
    { name: 'a.jpg', mimeType: 'image/jpeg', buffer: await plainPhoto('jpeg', 800, 600) },
    { name: 'b.webp', mimeType: 'image/webp', buffer: await plainPhoto('webp', 600, 800) },
  ]);
  await expect(dialog.getByRole('list', { name: '2 fotos valgt' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Fjern foto 2' }).click();
  await expect(dialog.getByRole('list', { name: '1 foto valgt' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Tilføj', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Foto tilføjet')).toBeVisible();
  const beads = await api<Array<{ id: string; name: string; photoId: string | null }>>('GET', '/api/beads');
  const made = beads.find((candidate) => candidate.name === `Nyfoto ${tag}`)!;
  expect(made.photoId).not.toBeNull();
  expect((await beadOf(api, made.id)).photos).toEqual([{ id: made.photoId, width: 800, height: 600 }]);
});
