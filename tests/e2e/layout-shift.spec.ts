/**
 * Nothing moves under her finger. A bead page's gallery loads its code after the page shows (decision 0016); the
 * placeholder that holds its place has its exact size (features/beads/bead-gallery-frame.tsx), so when the gallery
 * comes nothing below it moves. Found as a lost tap: a press on 'Optælling' while the gallery arrived moved the
 * button 23 px on a phone between the finger's down and up, and the browser sent no click.
 */
import type { Page } from '@playwright/test';
import { plainPhoto } from '../support/photo-fixtures.ts';
import { type Api, expect, testWithApi as test } from './support/fixtures.ts';
import { shopApi, uniqueTag } from './support/shop-api.ts';

/** Holds the gallery's code back until `release` is called, as on a slow phone. */
async function holdTheGallery(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/bead-gallery-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const placeholder = (page: Page) => page.locator('section[aria-busy="true"]');
const gallery = (page: Page) =>
  page.getByRole('region', { name: 'Fotos' }).and(page.locator(':not([aria-busy])'));

async function beadWithPhotos(page: Page, api: Api, serverUrl: string, photos: number) {
  const bead = await shopApi(api).bead(`Skiftperle ${uniqueTag()}`, 40);
  for (let index = 0; index < photos; index++) {
    const response = await page.request.post(`${serverUrl}/api/beads/${bead.id}/photos`, {
      multipart: {
        photo: {
          name: 'perle.jpg',
          mimeType: 'image/jpeg',
          buffer: await plainPhoto('jpeg', 1200 + index * 8, 900),
        },
      },
      headers: { origin: serverUrl, 'idempotency-key': crypto.randomUUID() },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
  return bead;
}

for (const photos of [0, 2]) {
  test(`the gallery takes its placeholder's place to the pixel (${photos} photos) @phone`, async ({
    signedIn: page,
    api,
    baseURL,
  }) => {
    const bead = await beadWithPhotos(page, api, baseURL as string, photos);
    const release = await holdTheGallery(page);
    await page.goto(`/needles/${bead.id}`);
    await expect(placeholder(page)).toBeVisible();
    await expect(placeholder(page).getByRole('button', { name: 'Vælg foto' })).toBeDisabled();
    const below = [
      page.getByRole('button', { name: 'Optælling', exact: true }),
      page.getByRole('button', { name: 'Slet perle' }),
    ];
    const before = await Promise.all(below.map((button) => button.boundingBox()));

    release();
    await expect(gallery(page)).toBeVisible();
    await expect(placeholder(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Vælg foto' })).toBeEnabled();
    if (photos > 0) {
      await expect(page.getByRole('list', { name: 'Perlens fotos' }).getByRole('listitem')).toHaveCount(
        photos,
      );
    }
    const after = await Promise.all(below.map((button) => button.boundingBox()));
    expect(after).toEqual(before);
  });
}

test('a tap under way on Optælling while the gallery arrives opens the dialog @phone', async ({
  signedIn: page,
  api,
  baseURL,
}) => {
  const bead = await beadWithPhotos(page, api, baseURL as string, 0);
  const release = await holdTheGallery(page);
  await page.goto(`/needles/${bead.id}`);
  await expect(page.getByText('Ikke talt')).toBeVisible();
  await expect(gallery(page)).toHaveCount(0);
  const button = page.getByRole('button', { name: 'Optælling', exact: true });
  const box = await button.boundingBox();
  if (!box) throw new Error('Optælling has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // The gallery comes between the finger's down and up.
  release();
  await expect(gallery(page)).toBeVisible();
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'Optælling' })).toBeVisible();
});
