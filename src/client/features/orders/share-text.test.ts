import { afterEach, describe, expect, it, vi } from 'vitest';
import { canShareText, shareText } from './share-text.ts';

function stubShare(share: (data: ShareData) => Promise<void>) {
  Object.defineProperty(navigator, 'share', { value: vi.fn(share), configurable: true, writable: true });
  return navigator.share as ReturnType<typeof vi.fn>;
}

afterEach(() => {
  delete (navigator as { share?: unknown }).share;
});

describe('shareText (Web Share)', () => {
  it('is offered only where the browser has a share sheet', () => {
    expect(canShareText()).toBe(false);
    stubShare(async () => undefined);
    expect(canShareText()).toBe(true);
  });

  it('shares the text as text, inside the call (no await before it)', async () => {
    const share = stubShare(async () => undefined);
    const outcome = shareText('Hej Rikke');
    expect(share).toHaveBeenCalledWith({ text: 'Hej Rikke' });
    await expect(outcome).resolves.toBe('shared');
  });

  it('the owner closing the sheet is no failure', async () => {
    stubShare(async () => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    await expect(shareText('Hej')).resolves.toBe('cancelled');
  });

  it('any other refusal rejects', async () => {
    const refusal = new DOMException('Must be handling a user gesture', 'NotAllowedError');
    stubShare(async () => Promise.reject(refusal));
    await expect(shareText('Hej')).rejects.toBe(refusal);
  });
});
