import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { texts } from '../../shared/texts.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from './errors.ts';

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
  return originHost !== request.headers.host;
}

/**
 * Refuses a changing request (POST, PATCH, DELETE, …) from a foreign Origin. Registered on the root, so it
 * looks at every request whatever its path or spelling: it never reads the URL.
 */
export function refuseForeignOrigin(publicUrl: string | undefined): onRequestAsyncHookHandler {
  return async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (isForeignOrigin(request, publicUrl))
      throw new AppError(403, 'FORBIDDEN_ORIGIN', texts.auth.forbiddenOrigin);
  };
}

/**
 * The session check of the shop API. It is added as a hook of the encapsulated plugin that holds the shop's
 * routes (app.ts), so Fastify runs it for every route registered there, after routing: how the path was
 * spelled (`/%61pi/…`, `//api/…`) cannot skip it, because it never looks at the URL.
 */
export function requireSession(auth: Auth): onRequestAsyncHookHandler {
  return async (request) => {
    const headers = new Headers();
    for (const name of ['cookie', 'host']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const session = await auth.api.getSession({ headers });
    if (!session) throw new AppError(401, 'UNAUTHORIZED', texts.auth.unauthorized);
    request.user = { id: session.user.id, name: session.user.name, email: session.user.email };
  };
}
