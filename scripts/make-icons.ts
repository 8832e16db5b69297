/**
 * Renders the app's icons from public/favicon.svg into public/icons/ (committed; run again after changing the
 * favicon): `npx tsx scripts/make-icons.ts`. Debian's Chromium draws the SVG, so the PNGs match the favicon.
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded square, transparent corners), purpose "any".
 * - icon-maskable-512.png: full-bleed theme colour with the beads inside the central 80 % circle that every
 *   Android mask keeps (the maskable safe zone), purpose "maskable".
 * - apple-touch-icon.png (180 px): full-bleed, no transparency (iOS would paint it black) and iOS rounds the
 *   corners itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const BRAND = '#7b2d55';
const outDir = path.resolve('public/icons');
const favicon = fs.readFileSync(path.resolve('public/favicon.svg'), 'utf8');
const faviconUrl = `data:image/svg+xml;base64,${Buffer.from(favicon).toString('base64')}`;

type Icon = { file: string; size: number; fullBleed: boolean; scale: number };
const icons: Icon[] = [
  { file: 'icon-192.png', size: 192, fullBleed: false, scale: 1 },
  { file: 'icon-512.png', size: 512, fullBleed: false, scale: 1 },
  // The beads reach 0.38 of the favicon's width from its centre; at 0.8 that is 0.31 of the icon, inside
  // the safe zone's radius of 0.4.
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, scale: 1 },
];

function page(icon: Icon): string {
  const inner = Math.round(icon.size * icon.scale);
  const background = icon.fullBleed ? BRAND : 'transparent';
  return `<!doctype html><html><head><style>
    html, body { margin: 0; background: transparent; }
    .icon { width: ${icon.size}px; height: ${icon.size}px; display: grid; place-items: center; background: ${background}; }
    img { width: ${inner}px; height: ${inner}px; display: block; }
  </style></head><body><div class="icon"><img src="${faviconUrl}" alt=""></div></body></html>`;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  fs.mkdirSync(outDir, { recursive: true });
  for (const icon of icons) {
    const context = await browser.newContext({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const tab = await context.newPage();
    await tab.setContent(page(icon));
    await tab.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await tab.locator('.icon').screenshot({ path: path.join(outDir, icon.file), omitBackground: true });
    await context.close();
    console.info(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
