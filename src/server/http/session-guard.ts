import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from './errors.ts';
import type { SessionUser } from './request-context.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A cross-site page may not change data: the Origin of a changing request must be this server's. */
function isForeignOrigin(request: FastifyRequest, publicUrl: string | undefined): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  if (publicUrl) return origin !== publicUrl;
  // request.host: the Host header, or HTTP/2's :authority (HTTP/2 requests have no Host header).
  return originHost !== request.host;
}

/**
 * Refuses a changing request (POST, PATCH, DELETE, …) from a foreign Origin. Registered on the root, so it
 * looks at every request whatever its path or spelling: it never reads the URL.
 */
export function refuseForeignOrigin(publicUrl: string | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isForeignOrigin(request, publicUrl)) throw new AppError(403, apiErrors.forbiddenOrigin);
  };
}

/**
 * A signed-in user's session as the guard last saw it, for a few seconds: reading it from better-auth costs a
 * database round trip (~2 ms) that would otherwise dominate every answer, 304s above all. Sign-in and
 * sign-out through this process empty the cache at once; another server process on the same PostgreSQL may
 * accept a signed-out session for at most SESSION_CACHE_MS more (docs/security.md).
 */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 1000;

export type SessionCache = {
  get(cookie: string, now: number): SessionUser | undefined;
  set(cookie: string, user: SessionUser, validUntil: number): void;
  clear(): void;
};

export function createSessionCache(): SessionCache {
  const entries = new Map<string, { user: SessionUser; until: number }>();
  return {
    get(cookie, now) {
      const entry = entries.get(cookie);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(cookie);
        return undefined;
      }
      return entry.user;
    },
    set(cookie, user, validUntil) {
      entries.set(cookie, { user, until: validUntil });
      if (entries.size > SESSION_CACHE_MAX) entries.delete(entries.keys().next().value as string);
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * The session check of the shop API. It is added as a hook of the encapsulated plugin that holds the shop's
 * routes (app.ts), so Fastify runs it for every route registered there, after routing: how the path was
 * spelled (`/%61pi/…`, `//api/…`) cannot skip it, because it never looks at the URL.
 */
export function requireSession(
  auth: Auth,
  cache: SessionCache = createSessionCache(),
): onRequestAsyncHookHandler {
  return async (request) => {
    const cookie = request.headers.cookie;
    const now = Date.now();
    const known = typeof cookie === 'string' ? cache.get(cookie, now) : undefined;
    if (known) {
      request.user = known;
      return;
    }
    const session = await auth.api.getSession({ headers: sessionHeaders(request.headers) });
    if (!session) throw new AppError(401, apiErrors.unauthorized);
    request.user = { id: session.user.id, name: session.user.name, email: session.user.email };
    if (typeof cookie === 'string') {
      const expires = new Date(session.session.expiresAt).getTime();
      cache.set(cookie, request.user, Math.min(now + SESSION_CACHE_MS, expires));
    }
  };
}

/** Whether the cookies in `requestHeaders` still name a valid session (asks better-auth, no cache). */
export async function sessionIsValid(
  auth: Auth,
  requestHeaders: Record<string, string | string[] | undefined>,
): Promise<boolean> {
  return (await auth.api.getSession({ headers: sessionHeaders(requestHeaders) })) !== null;
}

/** The headers better-auth reads a session from: the cookie, and the host (HTTP/2 calls it :authority). */
function sessionHeaders(requestHeaders: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  const { cookie } = requestHeaders;
  const host = requestHeaders.host ?? requestHeaders[':authority'];
  if (typeof cookie === 'string') headers.set('cookie', cookie);
  if (typeof host === 'string') headers.set('host', host);
  return headers;
}
