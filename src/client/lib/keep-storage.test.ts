import { afterEach, describe, expect, it, vi } from 'vitest';
import { askToKeepStorage } from './keep-storage.ts';

const original = Object.getOwnPropertyDescriptor(navigator, 'storage');

function stubStorage(storage: Partial<StorageManager> | undefined) {
  Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
}

afterEach(() => {
  if (original) Object.defineProperty(navigator, 'storage', original);
  else delete (navigator as { storage?: unknown }).storage;
});

describe('askToKeepStorage', () => {
  it('asks once the data is not kept yet, and says what the browser answered', async () => {
    const persist = vi.fn(async () => true);
    stubStorage({ persisted: async () => false, persist });
    expect(await askToKeepStorage()).toBe(true);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the data is kept already', async () => {
    const persist = vi.fn(async () => true);
    stubStorage({ persisted: async () => true, persist });
    expect(await askToKeepStorage()).toBe(true);
    expect(persist).not.toHaveBeenCalled();
  });

  it('a refusal or a failure means not kept; a browser without the API cannot say', async () => {
    stubStorage({ persisted: async () => false, persist: async () => false });
    expect(await askToKeepStorage()).toBe(false);
    stubStorage({ persisted: async () => false, persist: () => Promise.reject(new Error('no')) });
    expect(await askToKeepStorage()).toBe(false);
    stubStorage(undefined);
    expect(await askToKeepStorage()).toBeUndefined();
  });
});
