import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import {
  applyRestoredQueue,
  OFFLINE_WRITES_SCOPE,
  registerOfflineWrite,
  sendOrQueue,
} from './offline-writes.ts';

const notifyError = vi.fn();
vi.mock('./notify.ts', () => ({ notifyError: (...args: unknown[]) => notifyError(...args) }));

type Note = { text: string; idempotencyKey: string };

/** A client with one offline write, 'add-note', whose server is `server`. */
function setUp(server: (note: Note) => Promise<string>) {
  const queryClient = new QueryClient();
  // As the provider does: a mounted client resumes paused writes when the connection returns.
  queryClient.mount();
  mounted.push(queryClient);
  const sent: Note[] = [];
  const succeeded: string[] = [];
  const queuedEffects: string[] = [];
  registerOfflineWrite<string, Note>(queryClient, 'add-note', {
    mutationFn: (note) => {
      sent.push(note);
      return server(note);
    },
    onSuccess: (_, answer) => {
      succeeded.push(answer);
    },
    onQueued: (_, note) => {
      queuedEffects.push(note.text);
    },
  });
  const mutate = (note: Note) =>
    queryClient
      .getMutationCache()
      .build(queryClient, { mutationKey: ['add-note'] })
      .execute(note) as Promise<string>;
  return { queryClient, sent, succeeded, queuedEffects, mutate };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
};

const mounted: QueryClient[] = [];

beforeEach(() => {
  onlineManager.setOnline(true);
  notifyError.mockReset();
});
afterEach(() => {
  for (const client of mounted.splice(0)) client.unmount();
  onlineManager.setOnline(true);
});

describe('offline writes', () => {
  it('online, a write is sent at once and answers', async () => {
    const { sent, mutate } = setUp(async (note) => `ok ${note.text}`);
    await expect(sendOrQueue(mutate, { text: 'a', idempotencyKey: 'k1' })).resolves.toEqual({
      queued: false,
      data: 'ok a',
    });
    expect(sent).toHaveLength(1);
  });

  it('offline, a write is queued at once; back online the queue goes in order, each write once', async () => {
    let release: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { sent, succeeded, queuedEffects, queryClient, mutate } = setUp(async (note) => {
      if (note.text === 'first') await firstHeld;
      return note.text;
    });
    onlineManager.setOnline(false);
    const notes = ['first', 'second', 'third'].map((text, i) => ({ text, idempotencyKey: `k${i}` }));
    for (const note of notes) await expect(sendOrQueue(mutate, note)).resolves.toEqual({ queued: true });
    expect(sent).toEqual([]);
    expect(queuedEffects).toEqual(['first', 'second', 'third']);
    const pending = queryClient.getMutationCache().findAll({ status: 'pending' });
    expect(pending.map((mutation) => mutation.options.scope)).toEqual([
      OFFLINE_WRITES_SCOPE,
      OFFLINE_WRITES_SCOPE,
      OFFLINE_WRITES_SCOPE,
    ]);

    onlineManager.setOnline(true);
    // One at a time: the second waits for the first's answer.
    await until(() => sent.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((note) => note.text)).toEqual(['first']);
    release();
    await until(() => succeeded.length === 3);
    expect(sent.map((note) => note.idempotencyKey)).toEqual(['k0', 'k1', 'k2']);
    expect(succeeded).toEqual(['first', 'second', 'third']);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('a request lost on the network waits for the connection and goes again with the same key', async () => {
    let attempts = 0;
    const { sent, mutate } = setUp(async (note) => {
      attempts++;
      if (attempts === 1) {
        // What connection.ts does when fetch throws: the app is offline until the server answers.
        onlineManager.setOnline(false);
        throw new ApiError('Kunne ikke få forbindelse til serveren', 'NetworkError', 0);
      }
      return note.text;
    });
    await expect(sendOrQueue(mutate, { text: 'lost', idempotencyKey: 'same' })).resolves.toEqual({
      queued: true,
    });
    onlineManager.setOnline(true);
    await until(() => sent.length === 2);
    expect(sent.map((note) => note.idempotencyKey)).toEqual(['same', 'same']);
  });

  it('a queued write the server refuses is told in Danish; one sent directly is left to its screen', async () => {
    const refusal = new ApiError('Fejl: Ordren er afsendt og kan ikke ændres', 'ORDER_SHIPPED', 409);
    const { mutate } = setUp(async () => {
      throw refusal;
    });
    await expect(sendOrQueue(mutate, { text: 'direct', idempotencyKey: 'k1' })).rejects.toBe(refusal);
    expect(notifyError).not.toHaveBeenCalled();

    onlineManager.setOnline(false);
    await sendOrQueue(mutate, { text: 'queued', idempotencyKey: 'k2' });
    onlineManager.setOnline(true);
    await until(() => notifyError.mock.calls.length === 1);
    expect(notifyError).toHaveBeenCalledWith(refusal, '', {
      description: 'Ændringen blev lavet offline og er ikke gemt.',
      sticky: true,
    });
  });

  it('a queue kept over a reload runs after the restore, with the defaults of its key', async () => {
    const before = setUp(async (note) => note.text);
    onlineManager.setOnline(false);
    await sendOrQueue(before.mutate, { text: 'after reload', idempotencyKey: 'kept' });
    const saved = JSON.parse(
      JSON.stringify(dehydrate(before.queryClient, { shouldDehydrateMutation: () => true })),
    );

    // The old page is gone; the reloaded one has a new client with the same defaults and the saved queue.
    before.queryClient.unmount();
    before.queryClient.getMutationCache().clear();
    const after = setUp(async (note) => `ok ${note.text}`);
    hydrate(after.queryClient, saved);
    onlineManager.setOnline(true);
    await applyRestoredQueue(after.queryClient);
    await until(() => after.succeeded.length === 1);
    expect(after.sent).toEqual([{ text: 'after reload', idempotencyKey: 'kept' }]);
    expect(before.sent).toEqual([]);
    // The waiting write's effect shows again on the restored data.
    expect(after.queuedEffects).toEqual(['after reload']);
  });
});
