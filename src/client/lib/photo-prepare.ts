/**
 * A photo made ready on the phone before it is sent (decision 0016). The file's first bytes say what it is and
 * how big its picture is, without decoding anything:
 *   - only JPEG, PNG and WebP are decoded here; anything else (a HEIC, an SVG, a text file) goes to the
 *     server unchanged, which refuses it in Danish;
 *   - a picture of more than 50 megapixels is refused here with the server's own message (a decompression
 *     bomb must not crash the tab); a picture whose size is not in its first bytes goes unchanged too.
 * Then createImageBitmap decodes it (it refuses a truncated file, where an <img> would paint it half grey),
 * upright by its EXIF orientation, and it is drawn straight into a canvas whose long edge is at most
 * 2048 px (never a full-size canvas: iOS paints canvases above 16.7 megapixels black) and encoded as JPEG at
 * quality 0.85 (not WebP: Safari's toBlob('image/webp') silently gives PNG). The JPEG carries no EXIF, so the
 * GPS position stays on the phone. A phone that cannot decode it (an old one, a huge file) sends the original.
 */
import {
  IMAGE_HEADER_BYTES,
  imageSize,
  PHOTO_KINDS,
  sniffImageKind,
} from '../../shared/domain/image-header.ts';
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  PHONE_JPEG_QUALITY,
  PHONE_PHOTO_EDGE,
} from '../../shared/domain/limits.ts';
import { photoTexts } from '../../shared/texts/photos.ts';

/** A photo the phone refuses itself, with the message the server would give. */
export class PhotoRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PhotoRefused';
  }
}

/** What is sent: the shrunk JPEG, or the original file when the phone did not (or could not) decode it. */
export type PreparedPhoto = { blob: Blob; shrunk: boolean; width: number | null; height: number | null };

/** A decoded picture, as createImageBitmap gives it. */
export type DecodedPicture = { width: number; height: number; close?: () => void };

/** The browser's decoder and canvas, passed in so the steps can be tested without a browser. */
export type PhotoDevice = {
  decode: (file: Blob) => Promise<DecodedPicture>;
  /** Draws the picture into a canvas of width × height and encodes it as JPEG; null when it cannot. */
  encodeJpeg: (
    picture: DecodedPicture,
    width: number,
    height: number,
    quality: number,
  ) => Promise<Blob | null>;
};

/** The size to draw at: the long edge at most PHONE_PHOTO_EDGE, never enlarged, whole pixels. */
export function fitWithin(
  width: number,
  height: number,
  edge = PHONE_PHOTO_EDGE,
): { width: number; height: number } {
  const scale = Math.min(1, edge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export const browserDevice: PhotoDevice = {
  decode: (file) => {
    if (typeof createImageBitmap !== 'function') return Promise.reject(new Error('no createImageBitmap'));
    return createImageBitmap(file, { imageOrientation: 'from-image' });
  },
  encodeJpeg: (picture, width, height, quality) =>
    new Promise((resolve) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) return resolve(null);
      // A PNG's transparent parts become white, not JPEG's black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(picture as ImageBitmap, 0, 0, width, height);
      canvas.toBlob(
        (blob) => {
          // Frees the canvas's memory at once (Safari keeps it until the page goes otherwise).
          canvas.width = 0;
          canvas.height = 0;
          resolve(blob);
        },
        'image/jpeg',
        quality,
      );
    }),
};

function original(file: Blob): PreparedPhoto {
  if (file.size > MAX_PHOTO_BYTES) throw new PhotoRefused(photoTexts.refused.tooLarge);
  return { blob: file, shrunk: false, width: null, height: null };
}

export async function preparePhoto(file: Blob, device: PhotoDevice = browserDevice): Promise<PreparedPhoto> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEADER_BYTES).arrayBuffer());
  if (!PHOTO_KINDS.has(sniffImageKind(head))) return original(file);
  const size = imageSize(head);
  if (!size) return original(file);
  if (size.width * size.height > MAX_PHOTO_PIXELS) throw new PhotoRefused(photoTexts.refused.tooManyPixels);
  let picture: DecodedPicture;
  try {
    picture = await device.decode(file);
  } catch {
    return original(file);
  }
  try {
    const target = fitWithin(picture.width, picture.height);
    const jpeg = await device.encodeJpeg(picture, target.width, target.height, PHONE_JPEG_QUALITY);
    // A browser that gave another type (or nothing) than asked: the server makes the photo from the original.
    if (jpeg?.type !== 'image/jpeg' || jpeg.size === 0) return original(file);
    return { blob: jpeg, shrunk: true, ...target };
  } catch {
    return original(file);
  } finally {
    picture.close?.();
  }
}
