/**
 * Believable photos for the seeded shops (decision 0016): beads (or pins, or clasps) of the bead's colour on a
 * light table, lit from the top left, with a little camera grain, so the pictures weigh about what a real bead
 * photo does once stored (~60–100 kB display, ~7 kB thumbnail) and the backup and bench figures of a
 * photographed catalogue are honest. Each photo is distinct (an arrangement of its own), so each has an id of
 * its own (ids are made from the content).
 *
 * Made for speed, since the big shop needs 2,000 of them: every bead of a look (colour and shape) is drawn once
 * by sharp from SVG into a sprite with its shadow and grain, and a photo is the table's grained background with
 * sprites laid on it in plain JavaScript (~3 ms); then the pipeline's own encoder makes the two WebP versions,
 * at the lowest effort (WebP's method 0: ~4× faster than the uploads' default, the bytes within a fifth), a
 * picture per core at once.
 */
import os from 'node:os';
import sharp from 'sharp';
import type { ProcessedPhoto } from '../photos/photo-pipeline.ts';
import { encodeUpright } from '../photos/photo-pipeline.ts';
import { createRandom, type Random } from './seed-random.ts';

const WIDTH = 1600;
const HEIGHT = 1200;
/** The seeds' encoder effort (0–6): the lowest; the uploads keep sharp's default. */
export const SEED_WEBP_EFFORT = 0;
/**
 * Grain: the standard deviation of the noise on each colour channel, in steps of 0–255. It sets the pictures'
 * weight: 4.5 gives a display image of ~83 kB (57–104 kB) and a thumbnail of ~7 kB at the seeds' effort.
 */
const GRAIN = 4.5;

type Shape = 'beads' | 'pins' | 'rings' | 'seeds';
type Look = {
  hue: number;
  saturation: number;
  lightness: number;
  shape: Shape;
  /** How far apart in hue the beads of one photo are (a mix: far). */
  spread: number;
};

const COLOURS: Array<[RegExp, Partial<Look>]> = [
  [/mørkeblå|ålesund/i, { hue: 225, saturation: 60, lightness: 32 }],
  [/lysegrøn|æble/i, { hue: 105, saturation: 55, lightness: 62 }],
  [/ærtegrøn/i, { hue: 85, saturation: 50, lightness: 50 }],
  [/rød|koral|bambus/i, { hue: 4, saturation: 70, lightness: 48 }],
  [/blå|havglas/i, { hue: 212, saturation: 65, lightness: 50 }],
  [/grøn/i, { hue: 135, saturation: 55, lightness: 40 }],
  [/gul/i, { hue: 48, saturation: 85, lightness: 55 }],
  [/sort|glimmer|hæmatit|lavasten/i, { hue: 230, saturation: 8, lightness: 18 }],
  [/hvid|ferskvand|perlemor|creme|porcelæn|østers/i, { hue: 40, saturation: 25, lightness: 88 }],
  [/lilla|ametyst/i, { hue: 278, saturation: 45, lightness: 50 }],
  [/rosa|rosenkvarts/i, { hue: 340, saturation: 55, lightness: 74 }],
  [/orange/i, { hue: 26, saturation: 85, lightness: 52 }],
  [/turkis|howlit/i, { hue: 176, saturation: 55, lightness: 48 }],
  [/guld|messing/i, { hue: 44, saturation: 70, lightness: 52 }],
  [/sølv|krystal|månesten/i, { hue: 210, saturation: 10, lightness: 78 }],
  [/bronze|kobber|brun|træ|agat/i, { hue: 26, saturation: 50, lightness: 38 }],
  [/grå/i, { hue: 0, saturation: 0, lightness: 55 }],
  [/millefiori/i, { hue: 200, saturation: 70, lightness: 52 }],
];

/** How a bead of this name looks: its colour from the words of its name, its shape from what it is. */
export function lookOf(name: string): Look {
  const colour = COLOURS.find(([pattern]) => pattern.test(name))?.[1] ?? {
    hue: 320,
    saturation: 45,
    lightness: 55,
  };
  const shape = /nål|kroge/i.test(name)
    ? 'pins'
    : /lås|snor/i.test(name)
      ? 'rings'
      : /seed beads|2 mm|3 mm/i.test(name)
        ? 'seeds'
        : 'beads';
  const spread = /millefiori|mix/i.test(name) ? 110 : 8;
  return { hue: 320, saturation: 45, lightness: 55, ...colour, shape, spread };
}

/** The sprite sizes drawn per shape (radii in px; pins: the angle in degrees), and how many a photo holds. */
const VARIANTS: Record<Shape, { sizes: number[]; count: (random: Random) => number }> = {
  beads: { sizes: [55, 70, 85, 100, 115], count: (random) => 14 + random.int(0, 8) },
  seeds: { sizes: [16, 19, 22, 26], count: () => 90 },
  rings: { sizes: [70, 85, 100, 120], count: () => 7 },
  pins: { sizes: [-70, -45, -20, 0, 20, 45, 70], count: () => 7 },
};

/** A sprite: RGBA pixels, and per row the first and last column that is not transparent (-1: none). */
type Sprite = { width: number; height: number; rgba: Buffer; from: Int16Array; to: Int16Array };

/** Gaussian-ish noise (four uniforms summed) from a seeded generator, made once per process. */
let noiseTable: Int8Array | undefined;
function noise(): Int8Array {
  if (noiseTable) return noiseTable;
  const random = createRandom(7_777);
  // Longer than one picture by a prime, so that sprites and pictures sample it at shifting places.
  const table = new Int8Array(WIDTH * HEIGHT * 3 + 7919);
  // Four uniforms of 0–1 summed have a standard deviation of √(4/12) ≈ 0.577.
  const scale = GRAIN / Math.sqrt(4 / 12);
  for (let i = 0; i < table.length; i++) {
    const sum = random.next() + random.next() + random.next() + random.next() - 2;
    table[i] = Math.max(-127, Math.min(127, Math.round(sum * scale)));
  }
  noiseTable = table;
  return table;
}

function tint(look: Look, dl: number, ds = 0, dh = 0): string {
  const { hue, saturation: s, lightness: l } = look;
  return `hsl(${(hue + dh + 360) % 360},${Math.max(0, Math.min(100, s + ds))}%,${Math.max(3, Math.min(97, l + dl))}%)`;
}

function gradient(look: Look, g: number): string {
  const dh = g * look.spread;
  return (
    `<radialGradient id="g" cx="34%" cy="30%" r="78%"><stop offset="0" stop-color="${tint(look, 30, -10, dh)}"/>` +
    `<stop offset="0.12" stop-color="${tint(look, 18, 0, dh)}"/>` +
    `<stop offset="0.55" stop-color="${tint(look, 0, 0, dh)}"/>` +
    `<stop offset="1" stop-color="${tint(look, -25, 5, dh)}"/></radialGradient>`
  );
}

const METAL =
  '<linearGradient id="metal" x1="0" x2="1"><stop offset="0" stop-color="#8a8a8a"/><stop offset="0.5" stop-color="#f4f4f4"/><stop offset="1" stop-color="#7a7a7a"/></linearGradient>';

/** One bead (ring, pin) with its shadow, drawn as the whole photo used to draw it, centred in its sprite. */
function spriteSvg(look: Look, size: number, g: number): { svg: string; width: number; height: number } {
  let body: string;
  let half: number;
  if (look.shape === 'pins') {
    half = 330;
    const c = half;
    body =
      `<g transform="rotate(${size} ${c} ${c})"><ellipse cx="${c + 8}" cy="${c + 14}" rx="16" ry="300" fill="#000" opacity="0.10"/>` +
      `<rect x="${c - 5}" y="${c - 280}" width="10" height="560" rx="5" fill="url(#metal)"/>` +
      `<circle cx="${c}" cy="${c - 285}" r="22" fill="url(#g)"/></g>`;
  } else if (look.shape === 'rings') {
    half = size + 32;
    const c = half;
    body =
      `<ellipse cx="${c + 10}" cy="${c + 16}" rx="${size}" ry="${size * 0.9}" fill="none" stroke="#000" stroke-width="26" opacity="0.10"/>` +
      `<circle cx="${c}" cy="${c}" r="${size}" fill="none" stroke="url(#g)" stroke-width="24"/>`;
  } else {
    half = Math.ceil(size * 1.3) + 2;
    const c = half;
    body =
      `<ellipse cx="${c + size * 0.18}" cy="${c + size * 0.28}" rx="${size}" ry="${size * 0.85}" fill="#000" opacity="0.13"/>` +
      `<circle cx="${c}" cy="${c}" r="${size}" fill="url(#g)"/>` +
      `<circle cx="${c}" cy="${c}" r="${Math.max(3, size * 0.16)}" fill="${tint(look, -35)}" opacity="0.8"/>`;
  }
  const side = half * 2;
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><defs>${gradient(look, g)}${METAL}</defs>${body}</svg>`,
    width: side,
    height: side,
  };
}

async function renderSprite(look: Look, size: number, g: number, variant: number): Promise<Sprite> {
  const { svg, width, height } = spriteSvg(look, size, g);
  const rgba = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
  const grain = noise();
  const from = new Int16Array(height).fill(-1);
  const to = new Int16Array(height).fill(-1);
  // Each sprite samples the grain at a place of its own.
  const offset = ((variant * 3 + g) * 104_729) % (grain.length - width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      if (rgba[p + 3] === 0) continue;
      if (from[y] === -1) from[y] = x;
      to[y] = x;
      // The bead's own grain, baked in: only the table's pixels get the picture's grain.
      const n = offset + (y * width + x) * 3;
      for (let c = 0; c < 3; c++) rgba[p + c] = Math.max(0, Math.min(255, rgba[p + c]! + grain[n + c]!));
    }
  }
  return { width, height, rgba, from, to };
}

/** The table: a light diagonal gradient with grain, the same under every photo. */
let table: Promise<Buffer> | undefined;
function tableBackground(): Promise<Buffer> {
  table ??= (async () => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs>` +
      '<linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5f1ea"/><stop offset="1" stop-color="#d8d0c3"/></linearGradient>' +
      '</defs><rect width="100%" height="100%" fill="url(#table)"/></svg>';
    const rgb = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    const grain = noise();
    for (let i = 0; i < rgb.length; i++) rgb[i] = Math.max(0, Math.min(255, rgb[i]! + grain[i]!));
    return rgb;
  })();
  return table;
}

/** The sprites of a look, drawn the first time a photo of it is made. */
const sprites = new Map<string, Promise<Sprite[][]>>();
function spritesOf(look: Look): Promise<Sprite[][]> {
  const key = JSON.stringify(look);
  let found = sprites.get(key);
  if (!found) {
    found = Promise.all(
      VARIANTS[look.shape].sizes.map((size, variant) =>
        Promise.all([0, 1, 2].map((g) => renderSprite(look, size, g, variant))),
      ),
    );
    sprites.set(key, found);
  }
  return found;
}

/** Lays `sprite` with its centre at (cx, cy) over the RGB picture, blending by its alpha. */
function blit(picture: Buffer, sprite: Sprite, cx: number, cy: number): void {
  const left = cx - (sprite.width >> 1);
  const top = cy - (sprite.height >> 1);
  const { rgba, width } = sprite;
  for (let sy = 0; sy < sprite.height; sy++) {
    const y = top + sy;
    const first = sprite.from[sy]!;
    if (y < 0 || y >= HEIGHT || first < 0) continue;
    const last = Math.min(sprite.to[sy]!, WIDTH - 1 - left);
    for (let sx = Math.max(first, -left); sx <= last; sx++) {
      const s = (sy * width + sx) * 4;
      const a = rgba[s + 3]!;
      if (a === 0) continue;
      const d = (y * WIDTH + left + sx) * 3;
      if (a === 255) {
        picture[d] = rgba[s]!;
        picture[d + 1] = rgba[s + 1]!;
        picture[d + 2] = rgba[s + 2]!;
      } else {
        const b = 255 - a;
        picture[d] = (rgba[s]! * a + picture[d]! * b + 127) / 255;
        picture[d + 1] = (rgba[s + 1]! * a + picture[d + 1]! * b + 127) / 255;
        picture[d + 2] = (rgba[s + 2]! * a + picture[d + 2]! * b + 127) / 255;
      }
    }
  }
}

/**
 * The raw pixels of a photo of a bead named `name`; `seed` chooses the arrangement (the same seed gives the
 * same photo).
 */
export async function beadPixels(name: string, seed: number): Promise<Buffer> {
  const look = lookOf(name);
  const [background, drawn] = await Promise.all([tableBackground(), spritesOf(look)]);
  const random = createRandom(seed);
  const picture = Buffer.from(background);
  const count = VARIANTS[look.shape].count(random);
  for (let i = 0; i < count; i++) {
    const x = random.int(60, WIDTH - 60);
    const y = random.int(60, HEIGHT - 60);
    const size = random.int(0, drawn.length - 1);
    const g = look.shape === 'pins' || look.shape === 'rings' ? i % 3 : random.int(0, 2);
    blit(picture, drawn[size]![g]!, x, y);
  }
  return picture;
}

/** A photo of a bead named `name`, encoded as an upload would be stored (at the seeds' encoder effort). */
export async function beadPicture(name: string, seed: number): Promise<ProcessedPhoto> {
  const pixels = await beadPixels(name, seed);
  return encodeUpright(pixels, { width: WIDTH, height: HEIGHT, channels: 3 }, SEED_WEBP_EFFORT);
}

/**
 * Pictures for many beads, a few at a time, yielded in order as they are ready (the big shop's 2,000 are never
 * all in memory). The drawing is JavaScript on this thread (~3 ms a photo); the encoding, nearly all the work,
 * runs in libuv's thread pool, so one more picture under way than there are cores keeps every core busy.
 */
export async function* beadPictures(
  beads: ReadonlyArray<{ id: string; name: string; count: number }>,
  parallel = os.availableParallelism() + 1,
): AsyncGenerator<{ beadId: string; photos: ProcessedPhoto[] }> {
  let next = 0;
  const make = async (bead: { id: string; name: string; count: number }, index: number) => ({
    beadId: bead.id,
    photos: await Promise.all(
      Array.from({ length: bead.count }, (_, i) => beadPicture(bead.name, index * 7 + i + 1)),
    ),
  });
  const running: Array<ReturnType<typeof make>> = [];
  while (next < beads.length || running.length > 0) {
    while (running.length < parallel && next < beads.length) {
      running.push(make(beads[next]!, next));
      next += 1;
    }
    yield await running.shift()!;
  }
}
