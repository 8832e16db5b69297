import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * The user of the last session on this browser (localStorage), whose cache lib/persist.ts keeps: the app
 * opens for this user offline, and only this user's records are read.
 */

export type RememberedUser = { id: string; name: string; email: string };

const STORAGE_KEY = 'naalepuden-user';

function read(): RememberedUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const user = raw ? (JSON.parse(raw) as Partial<RememberedUser>) : null;
    return user && typeof user.id === 'string' && typeof user.name === 'string'
      ? { id: user.id, name: user.name, email: String(user.email ?? '') }
      : null;
  } catch {
    return null;
  }
}

let remembered: RememberedUser | null = read();

export function rememberedUser(): RememberedUser | null {
  return remembered;
}

/**
 * The session answered with this user; returns true when that is not the remembered one. Then what the app
 * holds of the other user (answers and queued writes) goes from memory at once, before anything of it can
 * show; the caller deletes the other users' records (lib/persist.ts keepOnlyUser).
 */
export function adoptUser(
  queryClient: QueryClient,
  user: RememberedUser,
  keep: (query: Query) => boolean,
): boolean {
  const previous = remembered;
  remembered = { id: user.id, name: user.name, email: user.email };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Private mode: the app still works, only not offline after a reload.
  }
  if (previous?.id === user.id) return false;
  if (previous) {
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: (query) => !keep(query) });
  }
  return true;
}

/** Signing out: nobody is remembered; returns who was (the caller deletes that user's records). */
export function forgetUser(): RememberedUser | null {
  const user = remembered;
  remembered = null;
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was remembered.
  }
  return user;
}
