/**
 * Photo files for the tests of bead photos (decision 0016), made here with sharp and by hand so that the
 * repository holds no binary fixtures: a camera JPEG with a GPS position and EXIF orientation 6, PNG and WebP
 * photos, and every file the server must refuse (a text file named .jpg, an SVG, a HEIC, a 16 MB file, a
 * 20,000 × 20,000 PNG of a few tens of kB, a truncated JPEG).
 *
 * The HEIC is the first bytes of an iPhone's HEIC file (its `ftyp` box with the heic and mif1 brands and the
 * start of a `meta` box), not a whole HEVC picture: sharp cannot write HEVC, and the server refuses a HEIC by
 * these bytes before anything would decode it.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';

/** The GPS position a camera wrote into the fixture (Copenhagen): it must never leave the server. */
export const FIXTURE_GPS = { latitude: '55/1 40/1 3000/100', longitude: '12/1 34/1 1200/100' };

/**
 * A camera's JPEG as the sensor stores it: landscape pixels (width > height) with EXIF orientation 6 (turn
 * 90° clockwise to show), a GPS position and a maker. The top-left corner of the stored pixels is blue, the
 * rest pink: shown upright, the blue corner is at the top right.
 */
export async function cameraJpeg(width = 4000, height = 3000, quality = 90): Promise<Buffer> {
  const corner = Math.round(Math.min(width, height) / 5);
  return sharp({ create: { width, height, channels: 3, background: '#d04a7a' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
            `<rect width="${corner}" height="${corner}" fill="#2040e0"/></svg>`,
        ),
      },
    ])
    .jpeg({ quality })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'NaalepudenTestCam', Model: 'Fixture 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: FIXTURE_GPS.latitude,
        GPSLongitudeRef: 'E',
        GPSLongitude: FIXTURE_GPS.longitude,
      },
    })
    .toBuffer();
}

/** A plain photo of the given kind and size (a pink bead on a light table). */
export async function plainPhoto(kind: 'jpeg' | 'png' | 'webp', width = 1200, height = 900): Promise<Buffer> {
  const r = Math.round(Math.min(width, height) / 3);
  const image = sharp({ create: { width, height, channels: 3, background: '#f1ece4' } }).composite([
    {
      input: Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
          `<circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#c8407a"/></svg>`,
      ),
    },
  ]);
  if (kind === 'jpeg') return image.jpeg({ quality: 85 }).toBuffer();
  if (kind === 'png') return image.png().toBuffer();
  return image.webp({ quality: 80 }).toBuffer();
}

/** The first 60 % of a JPEG: a phone's half-written file, which `<img>` would paint half grey. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await cameraJpeg(1600, 1200);
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A text file, as someone might name it `perle.jpg`. */
export const textFile = (): Buffer =>
  Buffer.from('Dette er ikke et foto, bare en tekst med navnet perle.jpg\n');

/** An SVG with a script in it: it must never be served back as an image of the shop. */
export const svgFile = (): Buffer =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
      '<script>alert(document.cookie)</script><circle cx="50" cy="50" r="40" fill="red"/></svg>',
  );

/** The first bytes of an iPhone HEIC: an ftyp box (major brand heic, compatible mif1 and heic), then a meta box. */
export function heicFile(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypheic', 4, 'latin1');
  ftyp.writeUInt32BE(0, 12);
  ftyp.write('mif1heic', 16, 'latin1');
  const meta = Buffer.alloc(4096);
  meta.writeUInt32BE(4096, 0);
  meta.write('meta', 4, 'latin1');
  return Buffer.concat([ftyp, meta]);
}

/** A file over the 15 MB limit that begins like a JPEG (the size alone must refuse it). */
export function oversizedFile(bytes = 16 * 1024 * 1024): Buffer {
  const file = Buffer.alloc(bytes, 0x5a);
  file.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return file;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

let bomb: Buffer | undefined;
/**
 * A valid 20,000 × 20,000 PNG (1-bit grey, all black) of about 50 kB: 400 megapixels, 1.2 GB once decoded to
 * RGB. Deflate cannot squeeze the 50 MB of zero rows below ~1/1000, so "a few kB" is a few tens of kB here.
 */
export function bombPng(side = 20_000): Buffer {
  if (bomb && side === 20_000) return bomb;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc(side * (1 + Math.ceil(side / 8)));
  const file = Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  if (side === 20_000) bomb = file;
  return file;
}

/** True when the image carries EXIF (or XMP) metadata of any kind. */
export async function hasMetadata(image: Buffer): Promise<boolean> {
  const meta = await sharp(image).metadata();
  return Boolean(meta.exif || meta.xmp || meta.iptc || meta.orientation);
}
