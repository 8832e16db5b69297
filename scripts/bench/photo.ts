/**
 * Step 8 of `npm run bench` (scripts/bench.ts, `--only photo`, decision 0016): the time from picking a photo
 * to seeing it on the bead's page, on a phone-sized page with the CPU throttled ×4 like the sign-in step. A
 * fresh bead per run (the big shop's beads have their photos already); the photo is a camera's 12-megapixel
 * JPEG with EXIF orientation 6, picked through "Tag foto" as the phone's camera hands it over. Measured in the
 * page: from the file input's change event to the load of the server's display image in the gallery, so the
 * phone's pipeline (decode, shrink, JPEG), the upload and the server's processing are all inside it.
 */
import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { type Bench, median, ms } from './common.ts';
import type { CalibratedClass } from './phones.ts';

/** A camera JPEG of 4000 × 3000 with grain (~3 MB), turned by EXIF: what a phone's camera gives the page. */
async function cameraPhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const beads = Array.from(
    { length: 30 },
    (_, i) =>
      `<circle cx="${(i * 613) % width}" cy="${(i * 271) % height}" r="${120 + ((i * 37) % 200)}" fill="hsl(${(i * 23) % 360},60%,55%)"/>`,
  ).join('');
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 16 },
    },
  })
    .png()
    .toBuffer();
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ece5da"/>${beads}</svg>`,
    ),
  )
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function benchPhoto(bench: Bench, browser: Browser, phone: CalibratedClass): Promise<void> {
  const photo = await cameraPhoto();
  const times: number[] = [];
  for (let i = 0; i < Math.max(bench.runs, 3); i++) {
    const made = await fetch(`${bench.base}/api/beads`, {
      method: 'POST',
      headers: { cookie: bench.cookie, origin: bench.base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Bench-foto ${Date.now()}-${i}`, priceOre: 4500 }),
    });
    const bead = (await made.json()) as { id: string };
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addCookies(bench.cookieParts);
    // The pick (the file input's change) and the moment the gallery's big picture has loaded from the server.
    await context.addInitScript(() => {
      const marks = window as unknown as { __picked?: number; __shown?: number };
      document.addEventListener(
        'change',
        (event) => {
          if ((event.target as HTMLInputElement | null)?.type === 'file') marks.__picked = performance.now();
        },
        true,
      );
      document.addEventListener(
        'load',
        (event) => {
          const image = event.target as HTMLImageElement | null;
          if (
            image?.tagName === 'IMG' &&
            /\/api\/photos\/[^/]+\/display$/.test(image.src) &&
            marks.__picked
          ) {
            marks.__shown ??= performance.now();
          }
        },
        true,
      );
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: phone.rate });
    await page.goto(`${bench.base}/needles/${bead.id}`);
    await page.getByText('Ingen fotos endnu').waitFor();
    await page.waitForLoadState('networkidle');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Tag foto' }).click();
    await (await chooser).setFiles({ name: 'IMG_0001.JPG', mimeType: 'image/jpeg', buffer: photo });
    await page.waitForFunction(
      () => (window as unknown as { __shown?: number }).__shown !== undefined,
      undefined,
      {
        timeout: 60_000,
      },
    );
    times.push(
      await page.evaluate(() => {
        const marks = window as unknown as { __picked: number; __shown: number };
        return marks.__shown - marks.__picked;
      }),
    );
    await context.close();
  }
  bench.results.photoShown = times;
  bench.say(
    `### A photo picked on a bead's page → shown from the server (phone size, ${phone.name} at CPU ×${phone.rate}, a 12 MP camera JPEG of ${(photo.length / 1024 / 1024).toFixed(1)} MB): median ${ms(median(times))} (runs: ${times.map(Math.round).join(', ')} ms)`,
  );
  bench.say();
}
