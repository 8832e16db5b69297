import { createStore, del, get, set } from 'idb-keyval';
import { useSyncExternalStore } from 'react';
import { rememberedUser } from './remembered-user.ts';

/**
 * Photos waiting to be sent (decision 0016), kept in IndexedDB beside the queue of offline writes
 * (lib/persist.ts), so a photo taken without network survives a reload and is sent once when the network
 * returns. Each upload's files are one record named by its Idempotency-Key and the user (`photo:<key>:<user>`:
 * signing out deletes them with the user's other records), in the same IndexedDB store as the cache's records
 * (opened here by its name: importing lib/persist-store.ts would pull the cache's code out of the app's first
 * chunk into one of its own, since this module loads lazily). Stored as bytes and a type, which every browser's
 * IndexedDB keeps (Blobs were not always). Without IndexedDB (tests, private modes) they stay in memory.
 *
 * Also here: how far each upload has got, for the progress bar.
 */

type StoredPhoto = { type: string; bytes: ArrayBuffer };

const idb = () => (typeof indexedDB === 'undefined' ? null : createStore('naalepuden', 'cache'));
const memory = new Map<string, StoredPhoto[]>();
const keyOf = (uploadKey: string) => `photo:${uploadKey}:${rememberedUser()?.id ?? 'anonymous'}`;

export async function keepPhotos(uploadKey: string, photos: readonly Blob[]): Promise<void> {
  const stored = await Promise.all(
    photos.map(async (photo) => ({ type: photo.type, bytes: await photo.arrayBuffer() })),
  );
  memory.set(uploadKey, stored);
  const db = idb();
  if (db) await set(keyOf(uploadKey), stored, db).catch(() => undefined);
}

/** The upload's files, or undefined when they are gone (sent, or refused). */
export async function keptPhotos(uploadKey: string): Promise<Blob[] | undefined> {
  const db = idb();
  const stored =
    memory.get(uploadKey) ??
    (db ? await get<StoredPhoto[]>(keyOf(uploadKey), db).catch(() => undefined) : undefined);
  return stored?.map((photo) => new Blob([photo.bytes], { type: photo.type }));
}

export async function forgetPhotos(uploadKey: string): Promise<void> {
  memory.delete(uploadKey);
  const db = idb();
  if (db) await del(keyOf(uploadKey), db).catch(() => undefined);
}

// How far each upload has got (0–1), by its key.
const progress = new Map<string, number>();
const listeners = new Set<() => void>();

export function setUploadProgress(uploadKey: string, fraction: number | undefined): void {
  if (fraction === undefined) progress.delete(uploadKey);
  else progress.set(uploadKey, fraction);
  for (const listener of listeners) listener();
}

/** How much of the upload has been sent (0–1), or undefined while it is not on its way. */
export function useUploadProgress(uploadKey: string): number | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => progress.get(uploadKey),
    () => undefined,
  );
}
