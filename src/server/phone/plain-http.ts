/**
 * The phone on the shop's network over plain http (docs/security.md):
 * - the gate: on plain http only the laptop itself (loopback) gets the app; another device gets the set-up
 *   page "Sæt telefonen op" (or, with the owner's own certificate, a redirect to https) and no data;
 * - the set-up page's files: the root as an iPhone profile and an Android .crt, the page's script, and the
 *   probe the page asks over https to learn that the phone trusts the root. They are not /api routes (not in
 *   the route table), so they are registered here, not through serve().
 */

import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
} from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { phoneTexts } from '../../shared/texts/phone.ts';
import { isLoopbackAddress } from '../https/machine-names.ts';
import type { ShopHttps } from '../https/shop-https.ts';
import { appleProfile } from './apple-profile.ts';
import type { PhoneOptions } from './phone.routes.ts';
import { qrSvg } from './qr-code.ts';
import { deviceOf, renderSetupPage, SETUP_PATHS, SETUP_SCRIPT } from './setup-page.ts';

/** Routes another device may reach on plain http: the set-up page's own files, the icon and the health check. */
const OPEN_ON_PLAIN_HTTP = new Set([
  apiRoutes.health.path,
  '/favicon.svg',
  ...Object.values(SETUP_PATHS).filter((path) => path !== SETUP_PATHS.probe),
]);

/** Whether the request came over TLS (HTTP/2 streams and HTTP/1.1 over TLS alike). */
export function isEncrypted(request: FastifyRequest): boolean {
  return Boolean((request.raw.socket as { encrypted?: boolean } | null)?.encrypted);
}

/** A Host header fit to be put into a URL and a CSP: a name or address with an optional port. */
const SAFE_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

function hostOf(request: FastifyRequest): string | undefined {
  const host = request.host;
  return SAFE_HOST.test(host) ? host : undefined;
}

async function sendSetupPage(
  https: Extract<ShopHttps, { mode: 'builtin' }>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const host = hostOf(request);
  const pageUrl = host ? `http://${host}/` : '';
  const root = https.root();
  const html = renderSetupPage({
    rootName: root.rootName,
    fingerprint: root.rootFingerprint,
    qrSvg: host ? await qrSvg(pageUrl) : '',
    pageUrl,
    device: deviceOf(request.headers['user-agent']),
  });
  return (
    reply
      .status(200)
      .header('cache-control', 'no-store')
      // Its own policy: the probe goes to the same host on https, a different origin for the browser.
      .header(
        'content-security-policy',
        [
          "default-src 'self'",
          "script-src 'self'",
          "style-src 'unsafe-inline'",
          "img-src 'self' data:",
          `connect-src 'self'${host ? ` https://${host}` : ''}`,
          "base-uri 'none'",
          "form-action 'none'",
          "frame-ancestors 'none'",
          "object-src 'none'",
        ].join('; '),
      )
      // Browsers ignore this header on plain http from another device, and say so in the console.
      .removeHeader('cross-origin-opener-policy')
      .removeHeader('origin-agent-cluster')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

/**
 * The gate (a root onRequest hook, so it sees every request, after routing): decides by the route that
 * matched, never by how the URL is spelled.
 */
function plainHttpGate(options: PhoneOptions): onRequestHookHandler {
  const { https } = options;
  // A callback hook, not an async one: the laptop's and the phone's https requests pass with no promise made.
  return (request, reply, done) => {
    if (https.mode === 'off' || isEncrypted(request) || isLoopbackAddress(request.socket.remoteAddress)) {
      return done();
    }
    const route = request.routeOptions.url;
    if (route !== undefined && (OPEN_ON_PLAIN_HTTP.has(route) || route.startsWith('/icons/'))) return done();
    // Answered here: Fastify runs no handler for a request whose hook has replied (done is not called).
    void refuseOnPlainHttp(options, request, reply).catch(done);
  };
}

function refuseOnPlainHttp(options: PhoneOptions, request: FastifyRequest, reply: FastifyReply) {
  const { https } = options;
  const route = request.routeOptions.url;
  const isPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    (route === undefined || !route.startsWith('/api')) &&
    !request.url.startsWith('/api');
  if (isPage && https.mode === 'builtin') return sendSetupPage(https, request, reply);
  if (isPage && https.mode === 'own') {
    const host = https.hostName() ?? hostOf(request)?.replace(/:\d+$/, '');
    if (host) return Promise.resolve(reply.redirect(`https://${host}:${options.port()}${request.url}`, 308));
  }
  return Promise.resolve(
    reply.status(403).send({ message: phoneTexts.httpsRequired, code: 'HTTPS_REQUIRED' }),
  );
}

/** Registers the gate on the root instance (call before any route plugin). */
export function registerPlainHttpGate(app: FastifyInstance, options: PhoneOptions): void {
  if (options.https.mode !== 'off') app.addHook('onRequest', plainHttpGate(options));
}

/** The set-up page's files: public, since the root certificate is no secret (its key never leaves DATA_DIR/tls). */
export function phoneSetupRoutes(options: PhoneOptions): FastifyPluginAsync {
  return async (app) => {
    const { https } = options;
    if (https.mode !== 'builtin') return;
    app.get(SETUP_PATHS.certificate, async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('content-disposition', `attachment; filename="${phoneTexts.androidFile}"`)
        .type('application/x-x509-ca-cert')
        .send(https.root().rootDer),
    );
    app.get(SETUP_PATHS.profile, async (_request, reply) => {
      const root = https.root();
      return reply
        .header('cache-control', 'no-cache')
        .header('content-disposition', 'attachment; filename="naalepuden.mobileconfig"')
        .type('application/x-apple-aspen-config')
        .send(
          appleProfile({ rootName: root.rootName, rootDer: root.rootDer, fingerprint: root.rootFingerprint }),
        );
    });
    app.get(SETUP_PATHS.script, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(SETUP_SCRIPT),
    );
    // Asked by the set-up page on plain http, cross-origin, over https: it can only answer once the phone
    // trusts the root. It says nothing else, so any origin may read it.
    app.get(SETUP_PATHS.probe, async (request, reply) => {
      if (!isEncrypted(request))
        return reply.status(404).send({ message: phoneTexts.httpsRequired, code: 'NOT_FOUND' });
      return reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'no-store')
        .status(204)
        .send();
    });
  };
}
