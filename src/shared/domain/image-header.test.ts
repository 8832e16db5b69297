import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bombPng,
  cameraJpeg,
  heicFile,
  plainPhoto,
  svgFile,
  textFile,
  truncatedJpeg,
} from '../../../tests/support/photo-fixtures.ts';
import { IMAGE_HEADER_BYTES, imageSize, sniffImageKind } from './image-header.ts';

const head = (file: Buffer) => new Uint8Array(file.subarray(0, IMAGE_HEADER_BYTES));

describe('sniffImageKind: the kind by the first bytes, whatever the name says', () => {
  it('knows the three photo kinds', async () => {
    expect(sniffImageKind(head(await plainPhoto('jpeg')))).toBe('jpeg');
    expect(sniffImageKind(head(await plainPhoto('png')))).toBe('png');
    expect(sniffImageKind(head(await plainPhoto('webp')))).toBe('webp');
  });

  it('tells HEIC, AVIF, GIF and SVG apart from photos, and a text file is "other"', async () => {
    expect(sniffImageKind(head(heicFile()))).toBe('heic');
    const avif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
      .avif()
      .toBuffer();
    expect(sniffImageKind(head(avif))).toBe('avif');
    const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    expect(sniffImageKind(head(gif))).toBe('gif');
    expect(sniffImageKind(head(svgFile()))).toBe('svg');
    expect(sniffImageKind(head(textFile()))).toBe('other');
    expect(sniffImageKind(new Uint8Array())).toBe('other');
  });
});

describe('imageSize: width and height from the header, nothing decoded', () => {
  it('reads a camera JPEG past its EXIF (the stored size, before rotation)', async () => {
    expect(imageSize(head(await cameraJpeg(4000, 3000)))).toEqual({ width: 4000, height: 3000 });
  });

  it('reads PNG and lossy, lossless and extended WebP', async () => {
    expect(imageSize(head(await plainPhoto('png', 640, 480)))).toEqual({ width: 640, height: 480 });
    expect(imageSize(head(await plainPhoto('webp', 641, 479)))).toEqual({ width: 641, height: 479 });
    const base = () => sharp({ create: { width: 333, height: 222, channels: 4, background: '#0f08' } });
    expect(imageSize(head(await base().webp({ lossless: true }).toBuffer()))).toEqual({
      width: 333,
      height: 222,
    });
    const extended = await base().webp().withMetadata({ orientation: 3 }).toBuffer();
    expect(imageSize(head(extended))).toEqual({ width: 333, height: 222 });
  });

  it('reads the 400-megapixel bomb from its 33 first bytes', () => {
    expect(imageSize(head(bombPng()).subarray(0, 33))).toEqual({ width: 20_000, height: 20_000 });
  });

  it('reads a truncated JPEG (its header is whole) and gives null where there is no size', async () => {
    expect(imageSize(head(await truncatedJpeg()))).toEqual({ width: 1600, height: 1200 });
    expect(imageSize(head(heicFile()))).toBeNull();
    expect(imageSize(head(textFile()))).toBeNull();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]))).toBeNull();
  });
});
