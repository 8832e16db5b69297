import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import type { PhotoSize } from '../../shared/schemas/api-photos.ts';

/**
 * A photo's URL (decision 0016): named by its content, so the browser and the service worker keep it for good
 * (the session goes along as the cookie). The thumbnail is 320 px square, the display image ≤ 1600 px, the
 * JPEG the same picture made for sharing.
 */
export function photoUrl(photoId: string, size: PhotoSize): string {
  return urlOf(apiRoutes.photo, { params: { photoId, size } });
}

/**
 * The service worker's caches of photos (vite.config.ts): thumbnails, and the display images and JPEGs
 * recently viewed. Emptied when the owner signs out or another account signs in (lib/persist-store.ts).
 */
export const PHOTO_CACHES = { thumbs: 'naalepuden-photo-thumbs', viewed: 'naalepuden-photos' } as const;

/** Deletes the photo caches (the photos are the shop's: nothing stays in a browser signed out). */
export async function clearPhotoCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(Object.values(PHOTO_CACHES).map((name) => caches.delete(name).catch(() => false)));
}
