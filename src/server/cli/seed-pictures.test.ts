import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoIdOf } from '../photos/photo-pipeline.ts';
import { beadPicture, beadPictures } from './seed-pictures.ts';

const NAMES = ['Rød glas 6 mm', 'Blå seed beads 2 mm', 'Sølv nåle', 'Guld ringe 10 mm', 'Mix perler 8 mm'];

describe('seeded bead photos', () => {
  it('are distinct, weigh what a stored bead photo does, and are WebP of the pipeline sizes', async () => {
    const beads = NAMES.flatMap((name, i) => [0, 1].map((j) => ({ id: `${i}-${j}`, name, count: 1 })));
    const ids = new Set<string>();
    const kinds = new Set<string>();
    for await (const { beadId, photos } of beadPictures(beads)) {
      expect(photos).toHaveLength(1);
      const [photo] = photos;
      expect(beadId).toBe(beads[ids.size]!.id);
      ids.add(photo!.id);
      expect(photo!.id).toBe(photoIdOf(photo!.display));
      const display = await sharp(photo!.display).metadata();
      const thumb = await sharp(photo!.thumb).metadata();
      kinds.add(
        `${display.format} ${display.width}×${display.height} ${thumb.format} ${thumb.width}×${thumb.height}`,
      );
      // A real bead photo once stored: tens of kB, not a flat drawing of a few kB nor a raw camera file.
      expect(photo!.display.length).toBeGreaterThan(40_000);
      expect(photo!.display.length).toBeLessThan(140_000);
      expect(photo!.thumb.length).toBeGreaterThan(2_000);
      expect(photo!.thumb.length).toBeLessThan(14_000);
    }
    expect(ids.size).toBe(beads.length);
    expect([...kinds]).toEqual(['webp 1600×1200 webp 320×320']);
  });

  it('are the same for the same bead and seed', async () => {
    const [first, again] = await Promise.all([beadPicture(NAMES[0]!, 3), beadPicture(NAMES[0]!, 3)]);
    expect(again.id).toBe(first.id);
    expect(Buffer.compare(again.thumb, first.thumb)).toBe(0);
  });
});
