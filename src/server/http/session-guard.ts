import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '../../shared/texts.ts';
import type { Auth } from '../auth/auth.ts';
import { AppError } from './errors.ts';

const PUBLIC_API = [/^\/api\/health(\?|$)/, /^\/api\/auth\//, /^\/api\/setup(\?|$)/];
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

export function registerSessionGuard(app: FastifyInstance, auth: Auth, publicUrl: string | undefined): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (!SAFE_METHODS.has(request.method)) {
      if (isForeignOrigin(request, publicUrl))
        throw new AppError(403, 'FORBIDDEN_ORIGIN', texts.auth.forbiddenOrigin);
    }
    if (PUBLIC_API.some((pattern) => pattern.test(request.url))) return;
    const headers = new Headers();
    for (const name of ['cookie', 'host']) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const session = await auth.api.getSession({ headers });
    if (!session) throw new AppError(401, 'UNAUTHORIZED', texts.auth.unauthorized);
    request.user = { id: session.user.id, name: session.user.name, email: session.user.email };
  });
}
