import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareData, sharePhoto } from './share-photo.ts';

const file = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'rosenkvarts.jpg', { type: 'image/jpeg' });
const words = { title: 'Rosenkvarts 6 mm', text: 'Rosenkvarts 6 mm – 85 kr' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('shareData', () => {
  it('sends the file alone on iOS, and the name and price with it elsewhere', () => {
    const photo = file();
    expect(shareData(photo, words, { ios: true })).toEqual({ files: [photo] });
    expect(shareData(photo, words, { ios: false })).toEqual({ files: [photo], ...words });
  });
});

describe('sharePhoto', () => {
  it('shares the file through the share sheet where files can be shared', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, share, canShare: () => true, userAgent: 'Android' });
    const photo = file();
    expect(await sharePhoto(photo, words, { ios: false })).toBe('shared');
    expect(share).toHaveBeenCalledWith({ files: [photo], ...words });
  });

  it("counts the owner's cancel as no failure, and passes other refusals on", async () => {
    const cancel = Object.assign(new Error('cancelled'), { name: 'AbortError' });
    vi.stubGlobal('navigator', {
      ...navigator,
      share: vi.fn().mockRejectedValue(cancel),
      canShare: () => true,
    });
    expect(await sharePhoto(file(), words, { ios: true })).toBe('cancelled');
    const denied = Object.assign(new Error('no'), { name: 'NotAllowedError' });
    vi.stubGlobal('navigator', {
      ...navigator,
      share: vi.fn().mockRejectedValue(denied),
      canShare: () => true,
    });
    await expect(sharePhoto(file(), words, { ios: true })).rejects.toThrow('no');
  });

  it('downloads the photo where files cannot be shared', async () => {
    vi.stubGlobal('navigator', { ...navigator, share: vi.fn(), canShare: () => false });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => 'blob:foto');
    URL.revokeObjectURL = vi.fn();
    expect(await sharePhoto(file(), words, { ios: false })).toBe('downloaded');
    expect(clicked).toEqual(['rosenkvarts.jpg']);
  });
});
