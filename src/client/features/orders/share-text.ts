/**
 * Web Share: the phone's own share sheet, so a bill or a reminder goes straight into Beskeder,
 * Messenger or a mail. Browsers offer it only in a secure context, and mostly on phones and tablets; where
 * it is missing the screens show no "Del" at all and "Kopiér" stays the way.
 */
export function canShareText(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** `cancelled`: the owner closed the share sheet without sending (the browser's AbortError). */
export type ShareOutcome = 'shared' | 'cancelled';

/**
 * Opens the share sheet with `text`. Call it inside the tap, with no await before it: browsers open the sheet
 * only for a tap they still count as the owner's. Any refusal but the owner's own cancel rejects with the
 * browser's error, for the caller to say in Danish what could not be shared.
 */
export async function shareText(text: string): Promise<ShareOutcome> {
  try {
    await navigator.share({ text });
    return 'shared';
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    throw error;
  }
}
