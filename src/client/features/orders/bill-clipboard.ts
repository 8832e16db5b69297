import { texts } from '../../../shared/texts.ts';

/**
 * Copies text to the clipboard. The Clipboard API needs a secure context (https or localhost), which the
 * shop's phone on the LAN address does not have, so a hidden textarea and execCommand('copy') step in.
 * `text` may be a promise (a bill text still being fetched); the cached case stays synchronous so the
 * copy happens inside the tap.
 */
export async function copyToClipboard(text: string | Promise<string>): Promise<void> {
  const value = typeof text === 'string' ? text : await text;
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(value);
  } catch {
    if (!legacyCopy(value)) throw new Error(texts.orders.copyFailed);
  }
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
