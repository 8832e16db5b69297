import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  bombPng,
  cameraJpeg,
  hasMetadata,
  heicFile,
  plainPhoto,
  svgFile,
  textFile,
  truncatedJpeg,
} from '../../../tests/support/photo-fixtures.ts';
import { DomainError } from '../errors.ts';
import { createGate, photoIdOf, photoJobs, processPhoto } from './photo-pipeline.ts';

/** The colour of the display image's pixel at (x, y). */
async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

const isBlue = ([r, g, b]: [number, number, number]) => b > 150 && r < 100 && g < 120;

async function refusalOf(file: Buffer): Promise<{ code: string; message: string }> {
  const error = await processPhoto(file).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { code: (error as DomainError).code, message: (error as DomainError).message };
}

describe('processPhoto: a camera photo with GPS and EXIF orientation 6', () => {
  it('comes out upright, at most 1600 px, as WebP, with no EXIF and no GPS', async () => {
    const camera = await cameraJpeg(4000, 3000);
    expect((await sharp(camera).metadata()).orientation).toBe(6);
    expect(camera.toString('latin1')).toContain('NaalepudenTestCam');

    const photo = await processPhoto(camera);
    // Stored 4000 × 3000 and turned a quarter: shown 3000 × 4000, so 1200 × 1600.
    expect({ width: photo.width, height: photo.height }).toEqual({ width: 1200, height: 1600 });
    const display = await sharp(photo.display).metadata();
    expect(display).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    expect(await hasMetadata(photo.display)).toBe(false);
    expect(await hasMetadata(photo.thumb)).toBe(false);
    // Nothing of the camera's EXIF is left anywhere in the bytes (the maker's name was in it).
    for (const bytes of [photo.display, photo.thumb]) {
      expect(bytes.toString('latin1')).not.toContain('NaalepudenTestCam');
      expect(bytes.toString('latin1')).not.toContain('Exif');
    }
    // The blue corner of the stored pixels (top left) is at the top right once upright.
    expect(isBlue(await pixel(photo.display, 1190, 10))).toBe(true);
    expect(isBlue(await pixel(photo.display, 10, 10))).toBe(false);
  });

  it('makes a 320 px square WebP thumbnail', async () => {
    const photo = await processPhoto(await cameraJpeg(2000, 1500));
    expect(await sharp(photo.thumb).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(photo.thumb.length).toBeLessThan(photo.display.length);
  });

  it('names the photo by its content: the same file gives the same id, another file another', async () => {
    const file = await plainPhoto('png', 900, 700);
    const [a, b] = [await processPhoto(file), await processPhoto(file)];
    expect(a.id).toBe(b.id);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.id).toBe(photoIdOf(a.display));
    expect((await processPhoto(await plainPhoto('png', 901, 700))).id).not.toBe(a.id);
  });

  it('never enlarges a small photo, and reads PNG and WebP too', async () => {
    const png = await processPhoto(await plainPhoto('png', 640, 480));
    expect([png.width, png.height]).toEqual([640, 480]);
    const webp = await processPhoto(await plainPhoto('webp', 2400, 1800));
    expect([webp.width, webp.height]).toEqual([1600, 1200]);
  });
});

describe('processPhoto refuses in Danish, before or while decoding', () => {
  it('a text file, an SVG and a HEIC by their first bytes (HEIC with its own sentence)', async () => {
    expect(await refusalOf(textFile())).toMatchObject({ code: 'PHOTO_NOT_PHOTO' });
    expect(await refusalOf(svgFile())).toMatchObject({ code: 'PHOTO_NOT_PHOTO' });
    const heic = await refusalOf(heicFile());
    expect(heic.code).toBe('PHOTO_HEIC');
    expect(heic.message).toContain("'Mest kompatibel'");
    expect(heic.message).toContain('Kamera → Formater');
  });

  it('a 20,000 × 20,000 PNG from its header, without decoding it', async () => {
    const bomb = bombPng();
    const started = performance.now();
    expect(await refusalOf(bomb)).toEqual({
      code: 'PHOTO_TOO_MANY_PIXELS',
      message: 'Fotoet har for mange pixels. Et foto må højst have 50 megapixel.',
    });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('a truncated JPEG (rather than storing it half grey)', async () => {
    expect(await refusalOf(await truncatedJpeg())).toMatchObject({ code: 'PHOTO_BROKEN' });
  });

  it('a PNG cut short in its pixel data', async () => {
    const png = await plainPhoto('png', 800, 600);
    expect(await refusalOf(png.subarray(0, Math.floor(png.length / 2)))).toMatchObject({
      code: 'PHOTO_BROKEN',
    });
  });
});

describe('the bound on pictures decoded at once', () => {
  it('runs at most the limit, the rest wait their turn in order', async () => {
    const gate = createGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        order.push(i);
        running -= 1;
      }),
    );
    expect(gate.load()).toEqual({ running: 2, waiting: 4 });
    await Promise.all(jobs);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('ten photos at once never decode more than two at a time', async () => {
    const file = await cameraJpeg(1600, 1200);
    let most = 0;
    const watch = setInterval(() => {
      most = Math.max(most, photoJobs().running);
    }, 1);
    await Promise.all(Array.from({ length: 10 }, () => processPhoto(file)));
    clearInterval(watch);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });
});
