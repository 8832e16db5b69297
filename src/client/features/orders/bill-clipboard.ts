import { texts } from '../../../shared/texts.ts';

/**
 * Copies text to the clipboard. The Clipboard API needs a secure context (https or localhost), which the
 * shop's phone on the LAN address does not have, so a hidden textarea and execCommand('copy') step in.
 * `text` may be a promise (a bill text still being fetched); the cached case stays synchronous so the
 * copy happens inside the tap.
 *
 * A text still on its way is handed to the clipboard inside the tap as a promise (a ClipboardItem), where the
 * browser has them: WebKit (every iPhone browser) refuses a write made more than about a second after the tap,
 * and on a weak connection the new bill text takes longer (docs/decisions/0015).
 */
export async function copyToClipboard(text: string | Promise<string>): Promise<void> {
  if (typeof text !== 'string' && canWritePromised()) {
    try {
      const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
      return;
    } catch {
      // Refused (or the text never came): the plain ways below, with the text once it is there.
    }
  }
  const value = typeof text === 'string' ? text : await text;
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(value);
  } catch {
    if (!legacyCopy(value)) throw new Error(texts.orders.copyFailed);
  }
}

/** A secure context whose clipboard takes items whose content is still on its way. */
function canWritePromised(): boolean {
  return (
    typeof ClipboardItem === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.clipboard?.write === 'function'
  );
}

function legacyCopy(text: string): boolean {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  // readonly keeps the phone's keyboard away; off screen but selectable.
  textarea.setAttribute('readonly', '');
  textarea.setAttribute('aria-hidden', 'true');
  Object.assign(textarea.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  document.body.appendChild(textarea);
  textarea.select();
  textarea.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  textarea.remove();
  previousFocus?.focus({ preventScroll: true });
  return copied;
}
