/**
 * A bead's photos (decision 0016): the hooks of the screens. Adding photos is an offline write
 * (api/photo-writes.ts); deleting, "Fortryd" and the order need the server.
 */
import { MutationObserver, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import type { BeadPhotos } from '../../shared/schemas/api-photos.ts';
import { call } from '../lib/api.ts';
import { newIdempotencyKey } from '../lib/idempotency.ts';
import { sendOrQueue } from '../lib/offline-writes.ts';
import { keepPhotos } from '../lib/photo-store.ts';
import { type AddPhotosVariables, addPhotosKey, applyPhotos, registerPhotoWrites } from './photo-writes.ts';

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

/**
 * The bead's uploads not answered yet: on their way, or waiting for the network (`waiting`). Read from the
 * mutation cache with a subscription of its own (TanStack's useMutationState would give this lazily loaded
 * page a chunk of its own from the app's first load).
 */
export function usePendingPhotoUploads(beadId: string): PendingUpload[] {
  const queryClient = useQueryClient();
  const cache = queryClient.getMutationCache();
  const read = () =>
    JSON.stringify(
      cache
        .findAll({ mutationKey: addPhotosKey(beadId), status: 'pending' })
        .map((mutation) => {
          const variables = mutation.state.variables as AddPhotosVariables | undefined;
          return (
            variables && {
              key: variables.idempotencyKey,
              count: variables.count,
              waiting: mutation.state.isPaused,
            }
          );
        })
        .filter((upload) => upload !== undefined),
    );
  const json = useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    read,
    () => '[]',
  );
  return useMemo(() => JSON.parse(json) as PendingUpload[], [json]);
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
