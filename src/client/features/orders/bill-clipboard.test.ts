import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './bill-clipboard.ts';

/** A ClipboardItem as browsers have it: its content may be a promise, read when the browser writes. */
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob | Promise<Blob>>) {}
}

function stubClipboard(clipboard: Partial<Clipboard>) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('copyToClipboard', () => {
  it('hands a text still on its way to the clipboard inside the tap, as a promise (WebKit refuses a late write)', async () => {
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    const written: FakeClipboardItem[] = [];
    const write = vi.fn(async (items: FakeClipboardItem[]) => {
      written.push(...items);
      // The browser reads the promised content itself, after the tap.
      await items[0]?.items['text/plain'];
    });
    const writeText = vi.fn(async () => undefined);
    stubClipboard({ write: write as never, writeText });
    let arrive: (text: string) => void = () => undefined;
    const text = new Promise<string>((resolve) => {
      arrive = resolve;
    });

    const copied = copyToClipboard(text);
    // Before the text has come: the write already happened, in the same turn as the tap.
    expect(write).toHaveBeenCalledTimes(1);
    arrive('Hej Vera\nI alt: 273 kr');
    await copied;
    const blob = await written[0]?.items['text/plain'];
    expect(await blob?.text()).toBe('Hej Vera\nI alt: 273 kr');
    expect(blob?.type).toBe('text/plain');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('writes a text at hand at once with writeText', async () => {
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    const write = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    stubClipboard({ write, writeText });
    await copyToClipboard('Hej Lis');
    expect(writeText).toHaveBeenCalledWith('Hej Lis');
    expect(write).not.toHaveBeenCalled();
  });

  it('falls back to writeText with the arrived text where the promised write is refused', async () => {
    vi.stubGlobal('ClipboardItem', FakeClipboardItem);
    const write = vi.fn(async () => Promise.reject(new DOMException('no', 'NotAllowedError')));
    const writeText = vi.fn(async () => undefined);
    stubClipboard({ write, writeText });
    await copyToClipboard(Promise.resolve('Hej Bo'));
    expect(writeText).toHaveBeenCalledWith('Hej Bo');
  });

  it('without ClipboardItem, waits for the text and writes it', async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard({ writeText });
    await copyToClipboard(Promise.resolve('Hej Åse'));
    expect(writeText).toHaveBeenCalledWith('Hej Åse');
  });
});
