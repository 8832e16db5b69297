import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '../../shared/texts.ts';
import type { Auth } from '../auth/auth.ts';
import { danishAuthError } from '../auth/auth-errors.ts';

/**
 * Hands a Fastify request to better-auth's fetch-style handler and copies its answer back. The path given to
 * better-auth is rebuilt from the routed path (the route's pattern with its wildcard filled in), never the raw URL, so a
 * strangely spelled URL cannot reach a different endpoint than the one Fastify routed. Error answers are
 * rewritten in Danish.
 */
async function forwardToAuth(auth: Auth, request: FastifyRequest, reply: FastifyReply) {
  const rest = (request.params as { '*'?: string })['*'] ?? '';
  // better-auth's endpoints are plain words and slashes; a decoded '..', '?' or '%' could lead the URL
  // parser to another endpoint than the one routed (e.g. around the sign-in rate limit).
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(rest)) {
    return reply.status(404).send({ message: texts.errors.notFound, code: 'NOT_FOUND' });
  }
  const routed = (request.routeOptions.url ?? '/api/auth/*').replace(/\*$/, rest);
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const url = new URL(`${routed}${query}`, `${request.protocol}://${request.host || 'localhost'}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    // HTTP/2's pseudo-headers (:authority, :path, …) are no header names to fetch's Headers.
    if (value === undefined || key.startsWith(':')) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  const cookies = response.headers.getSetCookie();
  // A session cookie given over https is never sent back over plain http, where anyone on the shop's Wi-Fi
  // could read it: a phone that once signed in at https://<LAN IP> may still open http://<LAN IP> (the QR code).
  if (cookies.length > 0)
    reply.header('set-cookie', request.protocol === 'https' ? cookies.map(secureCookie) : cookies);
  if (response.status >= 400) {
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return reply.status(response.status).send(danishAuthError(response.status, parsed));
  }
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    const lower = key.toLowerCase();
    if (lower !== 'set-cookie' && lower !== 'content-length') reply.header(key, value);
  }
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

function secureCookie(cookie: string): string {
  return /;\s*secure(\s*;|\s*$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/**
 * `onSessionsChanged` runs after every POST to better-auth (sign-in, sign-out, revoking sessions), so the
 * session guard's short cache forgets what it knew.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  auth: Auth,
  loginRateLimit: number,
  onSessionsChanged: () => void = () => {},
) {
  app.addHook('onResponse', async (request) => {
    if (request.method === 'POST') onSessionsChanged();
  });
  // Sign-in is rate limited per client address (the real one: see TRUST_PROXY); other auth calls are not.
  app.route({
    method: ['POST'],
    url: '/api/auth/sign-in/*',
    config: { rateLimit: { max: loginRateLimit, timeWindow: '1 minute' } },
    handler: (request, reply) => forwardToAuth(auth, request, reply),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: (request, reply) => forwardToAuth(auth, request, reply),
  });
}
