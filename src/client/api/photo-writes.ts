import type { QueryClient } from '@tanstack/react-query';
import { apiRoutes, urlOf } from '../../shared/api/routes.ts';
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { BeadPhotos } from '../../shared/schemas/api-photos.ts';
import { texts } from '../../shared/texts.ts';
import { isNetworkError } from '../lib/api.ts';
import { ApiError } from '../lib/api-error.ts';
import { reportNetworkFailure, reportServerAnswered } from '../lib/connection.ts';
import { registerOfflineWrite } from '../lib/offline-writes.ts';
import { TAB_ID } from '../lib/tab-id.ts';
import { beadKeys } from './beads.ts';
import { refreshAfter } from './refresh.ts';

/**
 * Adding a bead's photos as an offline write (decision 0016, lib/offline-writes.ts): its files are kept in
 * IndexedDB first (lib/photo-store.ts) and its variables name them by the upload's Idempotency-Key, so a
 * photo taken without network shows at once as waiting, survives a reload and is sent once when the network
 * returns. Registered at start with the other offline writes (a queued upload must go after a reload without
 * its screen); the code that sends and keeps the files loads when the first upload goes, so the first
 * screens do not carry it.
 */
export const photoWrites = { addPhotos: 'addBeadPhotos' } as const;

export type AddPhotosVariables = { beadId: string; idempotencyKey: string; count: number };

export const addPhotosKey = (beadId: string) => [photoWrites.addPhotos, beadId] as const;

/** The bead's page shows the new photos at once; Nåle, the pickers and the orders refetch their covers. */
export function applyPhotos(queryClient: QueryClient, answer: BeadPhotos): void {
  queryClient.setQueryData<BeadWithTodos>(beadKeys.detail(answer.beadId), (bead) =>
    bead ? { ...bead, photos: answer.photos, photoId: answer.photos[0]?.id ?? null } : bead,
  );
  void refreshAfter(queryClient, apiRoutes.orderBeadPhotos);
}

const store = () => import('../lib/photo-store.ts');

const registered = new WeakSet<QueryClient>();

export function registerPhotoWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<BeadPhotos, AddPhotosVariables>(queryClient, photoWrites.addPhotos, {
    mutationFn: async ({ beadId, idempotencyKey }) => {
      const [{ keptPhotos, setUploadProgress }, { uploadBeadPhotos }] = await Promise.all([
        store(),
        import('../lib/photo-upload.ts'),
      ]);
      const photos = await keptPhotos(idempotencyKey);
      // The files are gone (another tab sent them, or the browser cleared its storage): nothing to send.
      if (!photos) throw new ApiError(texts.beads.photosGone, 'PHOTO_NO_FILE', 400);
      try {
        return await uploadBeadPhotos(photos, idempotencyKey, {
          url: urlOf(apiRoutes.addBeadPhotos, { params: { id: beadId } }),
          clientId: TAB_ID,
          onLost: reportNetworkFailure,
          onAnswered: reportServerAnswered,
          onProgress: (fraction) => setUploadProgress(idempotencyKey, fraction),
        });
      } finally {
        setUploadProgress(idempotencyKey, undefined);
      }
    },
    onSuccess: (client, answer, { idempotencyKey }) => {
      void store().then(({ forgetPhotos }) => forgetPhotos(idempotencyKey));
      applyPhotos(client, answer);
    },
    onError: (client, error, { idempotencyKey }) => {
      // A refusal is final (the toast says why); a lost request waits for the network with its files.
      if (!isNetworkError(error)) void store().then(({ forgetPhotos }) => forgetPhotos(idempotencyKey));
      void refreshAfter(client, apiRoutes.addBeadPhotos);
    },
  });
}
