/**
 * Believable photos for the seeded shops (decision 0016), drawn with sharp: beads (or pins, or clasps) of the
 * bead's colour on a light table, lit from the top left, with a little camera grain, so the pictures weigh
 * about what a real bead photo does once stored (~100 kB display, ~7 kB thumbnail) and the backup and bench
 * figures of a photographed catalogue are honest. Made through the pipeline's own encoder.
 */
import sharp from 'sharp';
import { encodeUpright, type ProcessedPhoto } from '../photos/photo-pipeline.ts';
import { createRandom } from './seed-support.ts';

const WIDTH = 1600;
const HEIGHT = 1200;

type Look = {
  hue: number;
  saturation: number;
  lightness: number;
  shape: 'beads' | 'pins' | 'rings' | 'seeds';
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

function svgOf(look: Look, seed: number): string {
  const random = createRandom(seed);
  const { hue, saturation: s, lightness: l } = look;
  const tint = (dl: number, ds = 0, dh = 0) =>
    `hsl(${(hue + dh + 360) % 360},${Math.max(0, Math.min(100, s + ds))}%,${Math.max(3, Math.min(97, l + dl))}%)`;
  const parts: string[] = [];
  const count = look.shape === 'seeds' ? 90 : look.shape === 'beads' ? 14 + random.int(0, 8) : 7;
  for (let i = 0; i < count; i++) {
    const x = random.int(60, WIDTH - 60);
    const y = random.int(60, HEIGHT - 60);
    if (look.shape === 'pins') {
      const angle = random.int(-70, 70);
      parts.push(
        `<g transform="rotate(${angle} ${x} ${y})"><ellipse cx="${x + 8}" cy="${y + 14}" rx="16" ry="300" fill="#000" opacity="0.10"/>` +
          `<rect x="${x - 5}" y="${y - 280}" width="10" height="560" rx="5" fill="url(#metal)"/>` +
          `<circle cx="${x}" cy="${y - 285}" r="22" fill="url(#g${i % 3})"/></g>`,
      );
    } else if (look.shape === 'rings') {
      const r = random.int(70, 120);
      parts.push(
        `<ellipse cx="${x + 10}" cy="${y + 16}" rx="${r}" ry="${r * 0.9}" fill="none" stroke="#000" stroke-width="26" opacity="0.10"/>` +
          `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="url(#g${i % 3})" stroke-width="24"/>`,
      );
    } else {
      const r = look.shape === 'seeds' ? random.int(16, 26) : random.int(55, 115);
      parts.push(
        `<ellipse cx="${x + r * 0.18}" cy="${y + r * 0.28}" rx="${r}" ry="${r * 0.85}" fill="#000" opacity="0.13"/>` +
          `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#g${random.int(0, 2)})"/>` +
          `<circle cx="${x}" cy="${y}" r="${Math.max(3, r * 0.16)}" fill="${tint(-35)}" opacity="0.8"/>`,
      );
    }
  }
  const gradients = [0, 1, 2]
    .map(
      (g) =>
        `<radialGradient id="g${g}" cx="34%" cy="30%" r="78%"><stop offset="0" stop-color="${tint(30, -10, g * look.spread)}"/>` +
        `<stop offset="0.12" stop-color="${tint(18, 0, g * look.spread)}"/>` +
        `<stop offset="0.55" stop-color="${tint(0, 0, g * look.spread)}"/>` +
        `<stop offset="1" stop-color="${tint(-25, 5, g * look.spread)}"/></radialGradient>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><defs>${gradients}` +
    '<linearGradient id="metal" x1="0" x2="1"><stop offset="0" stop-color="#8a8a8a"/><stop offset="0.5" stop-color="#f4f4f4"/><stop offset="1" stop-color="#7a7a7a"/></linearGradient>' +
    '<linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5f1ea"/><stop offset="1" stop-color="#d8d0c3"/></linearGradient>' +
    `</defs><rect width="100%" height="100%" fill="url(#table)"/>${parts.join('')}</svg>`
  );
}

let grain: Buffer | undefined;
/** Camera grain, made once: gaussian noise laid over the drawing. */
async function grainLayer(): Promise<Buffer> {
  grain ??= await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .raw()
    .toBuffer();
  return grain;
}

/** A photo of a bead named `name`; `seed` varies the arrangement (the same seed gives the same photo). */
export async function beadPicture(name: string, seed: number): Promise<ProcessedPhoto> {
  const { data, info } = await sharp(Buffer.from(svgOf(lookOf(name), seed)))
    .composite([
      { input: await grainLayer(), raw: { width: WIDTH, height: HEIGHT, channels: 3 }, blend: 'overlay' },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return encodeUpright(data, { width: info.width, height: info.height, channels: info.channels });
}

/**
 * Pictures for many beads, `parallel` at a time, yielded in order as they are ready (the big shop's 2,000
 * are never all in memory).
 */
export async function* beadPictures(
  beads: ReadonlyArray<{ id: string; name: string; count: number }>,
  parallel = 2,
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
