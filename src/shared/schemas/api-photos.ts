/**
 * Bead photos (decision 0016). A photo is named by its content: the first 16 bytes of the SHA-256 of its
 * display image, base64url (22 characters). Its URL never changes meaning, so it is cached for a year.
 */
import { z } from 'zod';
import { photoTexts } from '../texts/photos.ts';
import { apiIdSchema } from './api-common.ts';

export const PHOTO_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const photoIdSchema = z.string().regex(PHOTO_ID_PATTERN, photoTexts.refused.notFound);

/** The versions of a photo the server gives: the square thumbnail, the display image, and a JPEG to share. */
export const PHOTO_SIZES = ['thumb', 'display', 'jpeg'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** One photo of a bead: its id and the display image's size (the gallery reserves the space before it loads). */
export const beadPhotoSchema = z.object({
  id: photoIdSchema,
  width: z.int(),
  height: z.int(),
});
export type BeadPhoto = z.infer<typeof beadPhotoSchema>;

/** A bead's photos in their order (the first is the cover), as every photo route answers. */
export const beadPhotosSchema = z.object({
  beadId: apiIdSchema,
  photos: z.array(beadPhotoSchema),
});
export type BeadPhotos = z.infer<typeof beadPhotosSchema>;

export const beadPhotoParamsSchema = z.object({ id: apiIdSchema, photoId: photoIdSchema });
export const photoFileParamsSchema = z.object({ photoId: photoIdSchema, size: z.enum(PHOTO_SIZES) });

/** PUT /api/beads/:id/photos: the bead's photos in their new order, each once. */
export const photoOrderSchema = z.object({
  photoIds: z.array(photoIdSchema).min(1, photoTexts.refused.badOrder).max(6, photoTexts.refused.badOrder),
});
export type PhotoOrder = z.infer<typeof photoOrderSchema>;
