import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * The user of the last session on this browser (localStorage), whose cache lib/persist.ts keeps: the app
 * opens for this user offline, and only this user's records are read. Kept apart from lib/persist.ts so
 * the first load carries these few lines and not IndexedDB's code, which loads beside the first screen.
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

const persistence = () => import('./persist.ts');

/**
 * The session answered with this user. Another user than the remembered one: what the app holds of the
 * other (answers and queued writes) goes from memory at once, before anything of it can show, and every
 * other user's records from IndexedDB.
 */
export function adoptUser(queryClient: QueryClient, user: RememberedUser, keep: (query: Query) => boolean) {
  const previous = remembered;
  remembered = { id: user.id, name: user.name, email: user.email };
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(remembered));
  } catch {
    // Private mode: the app still works, only not offline after a reload.
  }
  if (previous?.id === user.id) return;
  if (previous) {
    queryClient.getMutationCache().clear();
    queryClient.removeQueries({ predicate: (query) => !keep(query) });
  }
  void persistence().then((persist) => persist.keepOnlyUser(user.id));
}

/** Signing out: the user's records go and nobody is remembered. */
export async function forgetUser(): Promise<void> {
  const user = remembered;
  remembered = null;
  try {
    globalThis.localStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was remembered.
  }
  if (user) await (await persistence()).deleteUser(user.id);
}
