import {
  MutationObserver,
  type QueryClient,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { BeadWithTodos } from '../../shared/schemas/api-beads.ts';
import type { BeadPhotos } from '../../shared/schemas/api-photos.ts';
import { texts } from '../../shared/texts.ts';
import { call, isNetworkError } from '../lib/api.ts';
import { ApiError } from '../lib/api-error.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { registerOfflineWrite, sendOrQueue } from '../lib/offline-writes.ts';
import { forgetPhotos, keepPhotos, keptPhotos, setUploadProgress } from '../lib/photo-store.ts';
import { uploadBeadPhotos } from '../lib/photo-upload.ts';
import { beadKeys } from './beads.ts';
import { refresh, refreshAfter } from './refresh.ts';

/**
 * A bead's photos (decision 0016). Adding photos is an offline write (lib/offline-writes.ts): its files are
 * kept in IndexedDB first (lib/photo-store.ts) and its variables name them by the upload's Idempotency-Key,
 * so a photo taken without network shows at once as waiting, survives a reload and is sent once when the
 * network returns. Deleting, "Fortryd" and the order need the server.
 */
export const photoWrites = { addPhotos: 'addBeadPhotos' } as const;

export type AddPhotosVariables = { beadId: string; idempotencyKey: string; count: number };

const addPhotosKey = (beadId: string) => [photoWrites.addPhotos, beadId] as const;

/** The bead's page shows the new photos at once; Nåle, the pickers and the orders refetch their covers. */
function applyPhotos(queryClient: QueryClient, answer: BeadPhotos): void {
  queryClient.setQueryData<BeadWithTodos>(beadKeys.detail(answer.beadId), (bead) =>
    bead ? { ...bead, photos: answer.photos, photoId: answer.photos[0]?.id ?? null } : bead,
  );
  void refresh(queryClient, refreshAfter.changePhotos);
}

const registered = new WeakSet<QueryClient>();

export function registerPhotoWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<BeadPhotos, AddPhotosVariables>(queryClient, photoWrites.addPhotos, {
    mutationFn: async ({ beadId, idempotencyKey }) => {
      const photos = await keptPhotos(idempotencyKey);
      // The files are gone (another tab sent them, or the browser cleared its storage): nothing to send.
      if (!photos) throw new ApiError(texts.photos.refused.noFile, 'PHOTO_NO_FILE', 400);
      try {
        return await uploadBeadPhotos(beadId, photos, idempotencyKey, (fraction) =>
          setUploadProgress(idempotencyKey, fraction),
        );
      } finally {
        setUploadProgress(idempotencyKey, undefined);
      }
    },
    onSuccess: (client, answer, { idempotencyKey }) => {
      void forgetPhotos(idempotencyKey);
      applyPhotos(client, answer);
    },
    onError: (client, error, { idempotencyKey }) => {
      // A refusal is final (the toast says why); a lost request waits for the network with its files.
      if (!isNetworkError(error)) void forgetPhotos(idempotencyKey);
      void refresh(client, refreshAfter.changePhotos);
    },
  });
}

/**
 * Adds photos to a bead: kept on the phone first, then sent (or queued while offline: the promise resolves
 * with `queued`). The screen shows them meanwhile from usePendingPhotoUploads. `send(beadId, photos)` takes
 * the bead's id when it is called, so "Tilføj ny nål" can send the photos of the bead it has just made.
 */
export function useSendBeadPhotos() {
  const queryClient = useQueryClient();
  registerPhotoWrites(queryClient);
  return useCallback(
    async (beadId: string, photos: readonly Blob[]) => {
      const idempotencyKey = newIdempotencyKey();
      await keepPhotos(idempotencyKey, photos);
      const observer = new MutationObserver<BeadPhotos, Error, AddPhotosVariables>(queryClient, {
        mutationKey: addPhotosKey(beadId),
      });
      return sendOrQueue((variables) => observer.mutate(variables), {
        beadId,
        idempotencyKey,
        count: photos.length,
      });
    },
    [queryClient],
  );
}

export type PendingUpload = { key: string; count: number; waiting: boolean };

/** The bead's uploads not answered yet: on their way, or waiting for the network (`waiting`). */
export function usePendingPhotoUploads(beadId: string): PendingUpload[] {
  return useMutationState({
    filters: { mutationKey: addPhotosKey(beadId), status: 'pending' },
    select: (mutation) => {
      const variables = mutation.state.variables as AddPhotosVariables | undefined;
      return variables
        ? { key: variables.idempotencyKey, count: variables.count, waiting: mutation.state.isPaused }
        : undefined;
    },
  }).filter((upload) => upload !== undefined);
}

/** "Slet foto" (its "Fortryd" is useRestoreBeadPhoto). */
export function useRemoveBeadPhoto(beadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => call(apiRoutes.deleteBeadPhoto, { params: { id: beadId, photoId } }),
    onSuccess: (answer) => applyPhotos(queryClient, answer),
  });
}

export function useRestoreBeadPhoto(beadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: string) => call(apiRoutes.restoreBeadPhoto, { params: { id: beadId, photoId } }),
    onSuccess: (answer) => applyPhotos(queryClient, answer),
  });
}

/** A new order of the bead's photos; the first is the cover. */
export function useOrderBeadPhotos(beadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoIds: string[]) =>
      call(apiRoutes.orderBeadPhotos, { params: { id: beadId }, body: { photoIds } }),
    onSuccess: (answer) => applyPhotos(queryClient, answer),
  });
}
