import { useCallback, useRef } from 'react';

/**
 * A random UUID v4 for an `Idempotency-Key`. crypto.randomUUID exists only in secure contexts, and the
 * owner's phone may reach the shop over plain http on the LAN; getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export type ActionKey = {
  /** The key of the current user action: the same for the same body until renew(), a new one for another body. */
  keyFor: (body: unknown) => string;
  /** Starts a new action: call when a dialog opens and after a success. */
  renew: () => void;
};

/**
 * One idempotency key per user action: a double tap or a retry after a network error sends the
 * same key, so the server adds once; after a success (or when the form's content changes) the next submit
 * is a new action with a new key.
 */
export function useActionKey(): ActionKey {
  const last = useRef<{ body: string; key: string } | null>(null);
  const keyFor = useCallback((body: unknown) => {
    const json = JSON.stringify(body) ?? '';
    if (last.current?.body !== json) last.current = { body: json, key: newIdempotencyKey() };
    return last.current.key;
  }, []);
  const renew = useCallback(() => {
    last.current = null;
  }, []);
  return { keyFor, renew };
}

/** The variables of a create mutation: its body and the user action's key (a TanStack retry reuses both). */
export type Keyed<T> = { body: T; idempotencyKey: string };
