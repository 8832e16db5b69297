import type { BeadPhotos } from '../../shared/schemas/api-photos.ts';
import { texts } from '../../shared/texts.ts';
import { ApiError, NETWORK_ERROR } from './api-error.ts';

const extensionOf = (type: string) =>
  type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : type === 'image/jpeg' ? 'jpg' : 'bin';

/** What the sender needs from the app (api/photo-writes.ts hands it over; this module loads lazily). */
export type UploadContext = {
  /** apiRoutes.addBeadPhotos's URL for the bead. */
  url: string;
  /** The tab's X-Client-Id (lib/tab-id.ts). */
  clientId: string;
  /** lib/connection.ts: the request did not arrive / the server answered. */
  onLost: () => void;
  onAnswered: () => void;
  onProgress?: (fraction: number) => void;
};

/**
 * Sends a bead's photos as one multipart upload (apiRoutes.addBeadPhotos, decision 0016) with its
 * Idempotency-Key, reporting how much has been sent: XMLHttpRequest, since fetch tells nothing of an upload's
 * progress. A refusal throws the server's Danish ApiError; a request that did not arrive throws the network
 * error (the app is offline until the server answers again, as for every other request, lib/api.ts).
 */
export function uploadBeadPhotos(
  photos: readonly Blob[],
  idempotencyKey: string,
  { url, clientId, onLost, onAnswered, onProgress }: UploadContext,
): Promise<BeadPhotos> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [i, photo] of photos.entries()) {
      body.append('photo', photo, `foto-${i + 1}.${extensionOf(photo.type)}`);
    }
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('idempotency-key', idempotencyKey);
    request.setRequestHeader('x-client-id', clientId);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    const lost = () => {
      onLost();
      reject(new ApiError(texts.errors.network, NETWORK_ERROR, 0));
    };
    request.onerror = lost;
    request.ontimeout = lost;
    request.onabort = lost;
    request.onload = () => {
      onAnswered();
      let payload: { message?: unknown; code?: unknown } | undefined;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(payload as BeadPhotos);
      reject(
        new ApiError(
          typeof payload?.message === 'string' ? payload.message : texts.errors.server,
          typeof payload?.code === 'string' ? payload.code : `HTTP_${request.status}`,
          request.status,
        ),
      );
    };
    onProgress?.(0);
    request.send(body);
  });
}
