import { MAX_PHOTOS_PER_BEAD } from '../../shared/domain/limits.ts';
import { photoTexts } from '../../shared/texts/photos.ts';
import { notifyError } from './notify.ts';

/**
 * The photos the owner picked, made ready to send (lib/photo-prepare.ts, loaded only now: the first screens do
 * not carry it). `room`: how many more the bead may get. More than that, or more than six at once, is refused
 * whole with the server's words; a photo the phone refuses itself (over 50 megapixels, over 15 MB) is named
 * in a toast and the others go on.
 */
export async function preparePicked(files: readonly File[], room: number): Promise<Blob[]> {
  if (files.length > MAX_PHOTOS_PER_BEAD) {
    notifyError(new Error(photoTexts.refused.tooManyFiles));
    return [];
  }
  if (files.length > room) {
    notifyError(new Error(photoTexts.refused.beadFull));
    return [];
  }
  const { preparePhoto } = await import('./photo-prepare.ts');
  const blobs: Blob[] = [];
  for (const file of files) {
    try {
      blobs.push((await preparePhoto(file)).blob);
    } catch (error) {
      notifyError(error);
    }
  }
  return blobs;
}

/**
 * Loads the phone's photo pipeline ahead, in an idle moment of a screen that can take photos: a photo taken
 * a moment later (perhaps without network, before the service worker has the file) needs no download then.
 */
export function warmPhotoPipeline(): void {
  const load = () => void import('./photo-prepare.ts').catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 3000 });
  else setTimeout(load, 500);
}
