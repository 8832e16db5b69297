/**
 * "Del" on a bead's page (decision 0016): the photo as a file through the phone's share sheet, so it goes
 * straight into Messenger. Two rules of the platforms:
 *   - the share must happen inside the tap, so the file is fetched before it (`fetchShareFile` when the photo
 *     shows) and the tap calls `sharePhoto` with no await in between;
 *   - iOS shares reliably only files alone, so the bead's name and price go along as text only elsewhere.
 * Without file sharing (a laptop's browser, an old phone) the photo downloads instead.
 */

export type SharePlatform = { ios: boolean };

/** iPhones and iPads (an iPad says it is a Mac, but has a touch screen). */
export function currentPlatform(): SharePlatform {
  if (typeof navigator === 'undefined') return { ios: false };
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && (navigator.maxTouchPoints ?? 0) > 1);
  return { ios };
}

/** What goes to navigator.share: the file, and where the platform keeps text with files, the words. */
export function shareData(
  file: File,
  words: { title: string; text: string },
  platform: SharePlatform,
): ShareData {
  return platform.ios ? { files: [file] } : { files: [file], title: words.title, text: words.text };
}

/** Whether this browser can share this file (navigator.canShare with files). */
export function canShareFile(file: File): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.share === 'function' &&
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [file] })
  );
}

/** Fetches the photo to share as a File (with the session's cookie), before any tap needs it. */
export async function fetchShareFile(url: string, name: string): Promise<File> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`photo ${response.status}`);
  const blob = await response.blob();
  return new File([blob], name, { type: blob.type || 'image/jpeg' });
}

export type PhotoShareOutcome = 'shared' | 'cancelled' | 'downloaded';

/**
 * Shares the file (no await before navigator.share: this runs inside the tap), or downloads it where files
 * cannot be shared. Rejects with the browser's error when a share fails other than by the owner's cancel.
 */
export async function sharePhoto(
  file: File,
  words: { title: string; text: string },
  platform: SharePlatform = currentPlatform(),
): Promise<PhotoShareOutcome> {
  if (!canShareFile(file)) {
    downloadFile(file);
    return 'downloaded';
  }
  try {
    await navigator.share(shareData(file, words, platform));
    return 'shared';
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    throw error;
  }
}

function downloadFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
