import { describe, expect, it, vi } from 'vitest';
import {
  bombPng,
  cameraJpeg,
  heicFile,
  oversizedFile,
  plainPhoto,
  svgFile,
  textFile,
  truncatedJpeg,
} from '../../../tests/support/photo-fixtures.ts';
import {
  type DecodedPicture,
  fitWithin,
  type PhotoDevice,
  PhotoRefused,
  preparePhoto,
} from './photo-prepare.ts';

const blobOf = (bytes: Uint8Array, type = '') => new Blob([new Uint8Array(bytes)], { type });

/** A phone whose decoder gives a picture of the given size, and whose canvas writes `output`. */
function phone(options: {
  decoded?: { width: number; height: number };
  decodeFails?: boolean;
  output?: Blob | null;
}) {
  const closed = vi.fn();
  const device: PhotoDevice = {
    decode: vi.fn(async (): Promise<DecodedPicture> => {
      if (options.decodeFails) throw new Error('The source image could not be decoded.');
      return { ...(options.decoded ?? { width: 4000, height: 3000 }), close: closed };
    }),
    encodeJpeg: vi.fn(async () =>
      options.output === undefined
        ? new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' })
        : options.output,
    ),
  };
  return { device, closed };
}

describe('fitWithin: the long edge at most 2048 px, never enlarged', () => {
  it('shrinks landscape and portrait pictures and keeps small ones', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1536, height: 2048 });
    expect(fitWithin(5712, 4284)).toEqual({ width: 2048, height: 1536 });
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 });
    expect(fitWithin(20000, 10)).toEqual({ width: 2048, height: 1 });
  });
});

describe('preparePhoto on the phone', () => {
  it('decodes a camera JPEG and draws it at most 2048 px into a JPEG at quality 0.85', async () => {
    const { device, closed } = phone({ decoded: { width: 3000, height: 4000 } });
    const prepared = await preparePhoto(blobOf(await cameraJpeg(4000, 3000), 'image/jpeg'), device);
    expect(prepared).toMatchObject({ shrunk: true, width: 1536, height: 2048 });
    expect(prepared.blob.type).toBe('image/jpeg');
    // Drawn at the upright size the decoder reports (EXIF orientation 6 turned it), never at full size.
    expect(device.encodeJpeg).toHaveBeenCalledWith(expect.anything(), 1536, 2048, 0.85);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('decodes PNG and WebP too, without enlarging a small one', async () => {
    const { device } = phone({ decoded: { width: 640, height: 480 } });
    await preparePhoto(blobOf(await plainPhoto('png', 640, 480)), device);
    expect(device.encodeJpeg).toHaveBeenLastCalledWith(expect.anything(), 640, 480, 0.85);
    await preparePhoto(blobOf(await plainPhoto('webp', 640, 480)), device);
    expect(device.decode).toHaveBeenCalledTimes(2);
  });

  it('sends a HEIC, an SVG and a text file unchanged, never decoding them (the server refuses them)', async () => {
    for (const bytes of [heicFile(), svgFile(), textFile()]) {
      const { device } = phone({});
      const file = blobOf(bytes, 'image/jpeg');
      const prepared = await preparePhoto(file, device);
      expect(prepared).toEqual({ blob: file, shrunk: false, width: null, height: null });
      expect(device.decode).not.toHaveBeenCalled();
    }
  });

  it("refuses a 400-megapixel PNG from its header with the server's message, before decoding", async () => {
    const { device } = phone({});
    const refusal = await preparePhoto(blobOf(bombPng()), device).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PhotoRefused);
    expect((refusal as Error).message).toBe(
      'Fotoet har for mange pixels. Et foto må højst have 50 megapixel.',
    );
    expect(device.decode).not.toHaveBeenCalled();
  });

  it('sends the original when the phone cannot decode it (a truncated JPEG: the server refuses it)', async () => {
    const { device } = phone({ decodeFails: true });
    const file = blobOf(await truncatedJpeg(), 'image/jpeg');
    expect(await preparePhoto(file, device)).toEqual({
      blob: file,
      shrunk: false,
      width: null,
      height: null,
    });
    expect(device.encodeJpeg).not.toHaveBeenCalled();
  });

  it('sends the original when the canvas gives another type than JPEG (or nothing)', async () => {
    const file = blobOf(await cameraJpeg(1600, 1200), 'image/jpeg');
    for (const output of [new Blob([new Uint8Array([1])], { type: 'image/png' }), null]) {
      const { device, closed } = phone({ output });
      expect((await preparePhoto(file, device)).blob).toBe(file);
      expect(closed).toHaveBeenCalledOnce();
    }
  });

  it('refuses an original over 15 MB that it would have to send unchanged', async () => {
    const { device } = phone({ decodeFails: true });
    const refusal = await preparePhoto(blobOf(oversizedFile(), 'image/jpeg'), device).catch(
      (e: unknown) => e,
    );
    // A file that only begins like a JPEG: no size in its header, so it is not decoded, and it is too big to send.
    expect((refusal as Error).message).toBe('Fotoet er for stort. Et foto må højst fylde 15 MB.');
    expect(device.decode).not.toHaveBeenCalled();
  });
});
