/**
 * Every photo the shop keeps is made here (decision 0016): the file's kind and picture size are read from its
 * first bytes (its name and content-type are not trusted), then sharp decodes it with a pixel limit and a
 * strict failOn, turns it upright by its EXIF orientation, and writes two WebP versions without any metadata
 * (no GPS position of the owner's home ever leaves the server): a display image whose long edge is at most
 * 1600 px and a 320 px square thumbnail. The photo's id is made from the display image's bytes.
 *
 * Memory is bounded: at most PHOTO_JOBS pictures are decoded at once (the others wait their turn), libvips
 * uses one thread per picture and keeps no operation cache, and the picture is shrunk while it is decoded.
 */
import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import {
  IMAGE_HEADER_BYTES,
  imageSize,
  PHOTO_KINDS,
  sniffImageKind,
} from '../../shared/domain/image-header.ts';
import { MAX_PHOTO_PIXELS, PHOTO_DISPLAY_EDGE, PHOTO_THUMB_EDGE } from '../../shared/domain/limits.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { invalidError } from '../errors.ts';

/** Pictures decoded at once: a 12-megapixel photo takes ~50 MB while it is decoded and shrunk. */
export const PHOTO_JOBS = 2;
/**
 * Uploaded files held in memory at once (each at most 15 MB): a file is read from its request only when it is
 * its turn, and the others wait in their connections (TCP holds them back, not the server's memory).
 */
export const PHOTO_READS = 2;
/** WebP quality of the display image and the thumbnail. */
export const DISPLAY_QUALITY = 80;
export const THUMB_QUALITY = 75;
/** JPEG quality of the copy made to share (apps that take photos take JPEG). */
const SHARE_JPEG_QUALITY = 88;

sharp.concurrency(1);
sharp.cache(false);

/** A photo ready to store: its content id, both WebP versions and the display image's size. */
export type ProcessedPhoto = { id: string; display: Buffer; thumb: Buffer; width: number; height: number };

/** Runs at most `limit` jobs at once; the others wait in the order they came. */
export function createGate(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      try {
        return await job();
      } finally {
        release();
      }
    },
    /** Jobs running and waiting, for tests. */
    load: () => ({ running, waiting: waiting.length }),
  };
}

const gate = createGate(PHOTO_JOBS);
const reading = createGate(PHOTO_READS);

/** The id of a photo: the first 16 bytes of the SHA-256 of its display image, base64url (22 characters). */
export function photoIdOf(display: Uint8Array): string {
  return createHash('sha256').update(display).digest().subarray(0, 16).toString('base64url');
}

/**
 * Refuses what is not a photo of the shop by its first bytes, before anything is decoded: anything but JPEG,
 * PNG and WebP (HEIC with its own sentence), and a picture of more than MAX_PHOTO_PIXELS.
 */
export function checkPhotoHeader(bytes: Uint8Array): void {
  const head = bytes.subarray(0, IMAGE_HEADER_BYTES);
  const kind = sniffImageKind(head);
  if (kind === 'heic') throw invalidError(apiErrors.photoHeic);
  if (!PHOTO_KINDS.has(kind)) throw invalidError(apiErrors.photoNotPhoto);
  const size = imageSize(head);
  if (size && size.width * size.height > MAX_PHOTO_PIXELS) throw invalidError(apiErrors.photoTooManyPixels);
}

/** sharp's refusal in the shop's words: too many pixels, or a file it cannot read through (truncated, corrupt). */
function refusalOf(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return invalidError(apiErrors.photoTooManyPixels);
  return invalidError(apiErrors.photoBroken);
}

/**
 * Makes the two WebP versions of an uploaded file, or refuses it in Danish (the kind, the pixel limit, a file
 * that ends too early or is damaged). Stateless: the same file gives the same bytes and so the same id.
 */
export async function processPhoto(file: Buffer | (() => Promise<Buffer>)): Promise<ProcessedPhoto> {
  if (typeof file !== 'function') return decode(file);
  return reading.run(async () => decode(await file()));
}

async function decode(file: Buffer): Promise<ProcessedPhoto> {
  checkPhotoHeader(file);
  return gate.run(async () => {
    let upright: { data: Buffer; info: OutputInfo };
    try {
      upright = await sharp(file, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', autoOrient: true })
        .resize(PHOTO_DISPLAY_EDGE, PHOTO_DISPLAY_EDGE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw refusalOf(error);
    }
    return encodeUpright(upright.data, upright.info);
  });
}

/**
 * The two WebP versions of an upright picture given as raw pixels (at most PHOTO_DISPLAY_EDGE already), one
 * after the other: the display image, and the square thumbnail cut from its middle (a bead is photographed in
 * the middle; finding the "interesting" part instead cost ~30 MB more memory per ten photos). The seeds make
 * their pictures with it too, so a seeded photo is what an upload would have stored; `effort` (WebP's 0–6,
 * sharp's default 4 when not given) is theirs to lower, since 2,000 generated pictures must be made in a minute.
 */
export async function encodeUpright(
  data: Buffer,
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 },
  effort?: number,
): Promise<ProcessedPhoto> {
  const { width, height, channels } = info;
  const raw = () => sharp(data, { raw: { width, height, channels } });
  const display = await raw().webp({ quality: DISPLAY_QUALITY, effort }).toBuffer();
  const thumb = await raw()
    .resize(PHOTO_THUMB_EDGE, PHOTO_THUMB_EDGE, { fit: 'cover', position: 'centre' })
    .webp({ quality: THUMB_QUALITY, effort })
    .toBuffer();
  return { id: photoIdOf(display), display, thumb, width, height };
}

/** A JPEG copy of a display image, to share: made when asked for, under the same bound as the uploads. */
export function shareJpeg(display: Buffer): Promise<Buffer> {
  return gate.run(() => sharp(display).jpeg({ quality: SHARE_JPEG_QUALITY }).toBuffer());
}

/** The pipeline's load right now (running and waiting jobs), for tests of the bound. */
export const photoJobs = () => gate.load();
