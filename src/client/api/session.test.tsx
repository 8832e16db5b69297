/**
 * Signing out forgets the user before anything can take the page away: the session may answer "nobody" while her
 * records and photo caches are still being deleted (the server ended the session first), and the app must not
 * reload into the login page until they are gone; an answer that left the server before it ended the session
 * adopts nobody again. Found by the e2e test of signing out (about one run in twenty): the reload cut the
 * deletion short and her cached answers stayed in IndexedDB.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptUser, rememberedUser } from '../lib/remembered-user.ts';
import { afterSignOut, sessionQuery, useSignOut } from './session.ts';

const USER = { id: 'u1', name: 'Ejer', email: 'ejer@perler.dk' };

type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The server: the sign-out answers when `signOutAnswer` resolves, the session with `session()` when `sessionAnswer` does. */
function server(signOutAnswer: Promise<void>, session: () => unknown, sessionAnswer = Promise.resolve()) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.endsWith('/api/auth/sign-out')) {
        await signOutAnswer;
        return json({ success: true });
      }
      if (url.endsWith('/api/auth/get-session')) {
        await sessionAnswer;
        return json(session());
      }
      throw new Error(`unexpected ${url}`);
    }),
  );
}

/** The photo caches, whose deletion takes as long as the test says (a slow phone's Cache Storage). */
function photoCaches(deletion: Promise<void>) {
  const deleted: string[] = [];
  vi.stubGlobal('caches', {
    delete: async (name: string) => {
      await deletion;
      deleted.push(name);
      return true;
    },
  });
  return deleted;
}

function signedIn() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  adoptUser(queryClient, USER, () => true);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useSignOut(), { wrapper });
  return { queryClient, signOut: result.current };
}

const settled = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('signing out', () => {
  it('keeps the way to the login page shut until her photo caches and records are deleted', async () => {
    const deletion = deferred();
    const deleted = photoCaches(deletion.promise);
    server(Promise.resolve(), () => null);
    const { signOut } = signedIn();
    let wentToLogin = false;

    let signedOut: Promise<void> | undefined;
    await act(async () => {
      signedOut = signOut();
    });
    void afterSignOut().then(() => {
      wentToLogin = true;
    });
    await settled();
    // The server has ended the session and she is forgotten, but the deletion is still under way.
    expect(rememberedUser()).toBeNull();
    expect(localStorage.getItem('naalepuden-user')).toBeNull();
    expect(wentToLogin).toBe(false);

    deletion.resolve();
    await act(async () => signedOut);
    await settled();
    expect(deleted.sort()).toEqual(['naalepuden-photo-thumbs', 'naalepuden-photos']);
    expect(wentToLogin).toBe(true);
  });

  it('adopts nobody from a session answer that arrives while she signs out', async () => {
    photoCaches(Promise.resolve());
    const signOutAnswer = deferred();
    const sessionAnswer = deferred();
    server(signOutAnswer.promise, () => ({ user: USER }), sessionAnswer.promise);
    const { queryClient, signOut } = signedIn();

    // The session is asked just before the server ends it (a live catch-up), and answers with her late.
    // The sign-out clears the cache, which cancels the query, but not its request: the answer still comes.
    const lateSession = queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => null);
    let signedOut: Promise<void> | undefined;
    await act(async () => {
      signedOut = signOut();
    });
    signOutAnswer.resolve();
    await settled();
    expect(rememberedUser()).toBeNull();
    sessionAnswer.resolve();
    await act(async () => {
      await lateSession;
      await signedOut;
    });
    await settled();
    expect(rememberedUser()).toBeNull();
    expect(localStorage.getItem('naalepuden-user')).toBeNull();
  });

  it('a sign-out that fails (offline) keeps her signed in and holds nothing up', async () => {
    photoCaches(Promise.resolve());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { signOut } = signedIn();
    await act(async () => {
      await expect(signOut()).rejects.toBeDefined();
    });
    expect(rememberedUser()).toEqual(USER);
    await expect(afterSignOut()).resolves.toBeUndefined();
  });
});
