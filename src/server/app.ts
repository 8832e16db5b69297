import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySse from '@fastify/sse';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IdempotentMode } from '../shared/api/contract-types.ts';
import { CLIENT_ID_PATTERN } from '../shared/domain/changes.ts';
import '../shared/zod-danish.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { loadOrCreateSecret } from './auth/secret.ts';
import { backupRoutes } from './backups/backups.routes.ts';
import { type Backups, createBackups } from './backups/backups.ts';
import { beadOrderRoutes } from './bead-orders/bead-orders.routes.ts';
import { beadPageRoutes } from './bead-page/bead-page.routes.ts';
import { beadRoutes } from './beads/beads.routes.ts';
import { booksRoutes } from './books/books.routes.ts';
import { startChangeFeed } from './changes/change-feed.ts';
import { runAsActor } from './changes/change-log.service.ts';
import { eventRoutes, type LiveStreams } from './changes/events.routes.ts';
import type { Config } from './config.ts';
import { customerPageRoutes } from './customer-page/customer-page.routes.ts';
import { customerRoutes } from './customers/customers.routes.ts';
import type { DbHandle } from './db/create-db.ts';
import { deliveryRoutes } from './deliveries/deliveries.routes.ts';
import { undoFilledOrders } from './deliveries/deliveries.service.ts';
import { exportRoutes } from './export/export.routes.ts';
import { registerPages } from './first-html/pages.ts';
import { healthRoutes } from './health/health.routes.ts';
import { registerAuthRoutes } from './http/auth-routes.ts';
import { compressOptions } from './http/compression.ts';
import { MAX_PARAM_LENGTH, registerErrorHandler, sendFrameworkError } from './http/errors.ts';
import { requireIdempotentSetting } from './http/idempotent-routes.ts';
import { inlineScriptSources } from './http/inline-scripts.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { registerListCache } from './http/list-cache.ts';
import type { ApiContext } from './http/request-context.ts';
import { registerShopDb, SERVED } from './http/serve.ts';
import {
  createSessionCache,
  refuseForeignOrigin,
  requireSession,
  sessionIsValid,
} from './http/session-guard.ts';
import { createDualServer } from './https/dual-server.ts';
import type { ShopHttps } from './https/shop-https.ts';
import { importRoutes } from './import/import.routes.ts';
import { meRoutes } from './me/me.routes.ts';
import { messageRoutes } from './messages/messages.routes.ts';
import { openApiRoutes } from './openapi/openapi.routes.ts';
import { orderRoutes } from './orders/orders.routes.ts';
import { packingRoutes } from './packing/packing.routes.ts';
import { parcelRoutes } from './parcels/parcels.routes.ts';
import { phoneApiRoutes } from './phone/phone.routes.ts';
import { phoneSetupRoutes, registerPlainHttpGate } from './phone/plain-http.ts';
import { photoRoutes } from './photos/photos.routes.ts';
import { pillowRoutes } from './pillow/pillow.routes.ts';
import { reminderRoutes } from './reminders/reminders.routes.ts';
import { salesRoutes } from './sales/sales.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { setupRoutes } from './setup/setup.routes.ts';
import { stockRoutes } from './stock/stock.routes.ts';
import { todoRoutes } from './todos/todos.routes.ts';

export type BuildAppOptions = {
  config: Config;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
  /** A pino logger of the caller's (main.ts: readable lines on a terminal); wins over `logger`. */
  loggerInstance?: FastifyServerOptions['loggerInstance'];
  /** The port's TLS, prepared by main.ts; without it the server speaks plain http only. */
  https?: ShopHttps;
};

/**
 * One registered route as Fastify holds it (method, path pattern, how a POST of the shop treats a repeated
 * Idempotency-Key, http/idempotent-routes.ts, and whether serve() registered it), for the route sweep tests.
 */
export type RouteEntry = { method: string; url: string; idempotent?: IdempotentMode; served: boolean };

export type App = FastifyInstance & {
  auth: Auth;
  routeTable: RouteEntry[];
  liveStreams: LiveStreams;
  /** SQLite's backups (main.ts starts their schedule); undefined on PostgreSQL. */
  backups: Backups | undefined;
};

/** Builds the whole server as a Fastify instance without listening, so tests can inject requests. */
export async function buildApp({
  config,
  database,
  logger,
  loggerInstance,
  https: shopHttps,
}: BuildAppOptions): Promise<App> {
  const { limits } = config;
  const https: ShopHttps = shopHttps ?? { mode: 'off', reason: 'https-off' };
  const options: FastifyHttpOptions<Server> = {
    ...(loggerInstance ? { loggerInstance } : { logger: logger ?? { level: config.logLevel } }),
    // Proxy headers (X-Forwarded-For, -Proto) are believed only from the proxies TRUST_PROXY names; otherwise
    // any client could pick its own address and get around the sign-in rate limit.
    trustProxy: config.trustProxy,
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.socketIdleTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // Node checks the two timeouts above on this interval (30 s by default, which would double them).
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
    // Ids are at most 200 characters (the schemas say so in Danish); longer parameters stop at the router.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: sendFrameworkError,
  };
  if (https.mode !== 'off') {
    // One port, both protocols: plain HTTP/1.1 and TLS with HTTP/2 (dual-server.ts). The timeouts above are
    // the factory's to apply, since Fastify leaves a server it did not make alone.
    options.serverFactory = (handler) => {
      const server = createDualServer(handler, limits, https.credentials());
      https.onNewCredentials((credentials) => server.setCredentials(credentials));
      return server;
    };
  }
  const app = Fastify(options).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  // Answers are checked against their zod schemas in development and tests; in production they are built
  // by the services to the same types and only stringified (a 5,000-row list took ~14 ms to validate).
  app.setSerializerCompiler(
    config.env === 'production' ? () => (data: unknown) => JSON.stringify(data) : serializerCompiler,
  );
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        idempotent: route.config?.idempotent,
        served: route.config?.[SERVED] === true,
      });
    }
  });

  const secret = loadOrCreateSecret(config.dataDir, config.authSecret);
  const auth = createAuth({
    db: database.db,
    kind: database.kind,
    secret,
    publicUrl: config.publicUrl,
    google: config.google,
  });
  const backups = database.sqlite
    ? createBackups({
        sqlite: database.sqlite,
        dataDir: config.dataDir,
        copyDir: config.backupCopyDir,
        log: { info: (obj, msg) => app.log.info(obj, msg), error: (obj, msg) => app.log.error(obj, msg) },
      })
    : undefined;
  const ctx: ApiContext = {
    kind: database.kind,
    auth,
    config,
    sqlite: database.sqlite,
  };
  const behindHttpsProxy = config.publicUrl?.startsWith('https://') ?? false;
  const phone = {
    https,
    port: () => (app.server.address() as AddressInfo | null)?.port ?? config.port,
    publicUrl: config.publicUrl,
  };

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        // The built page's one inline script (the tap holder before the first paint) by its hash.
        'script-src': ["'self'", ...inlineScriptSources(config.clientDistDir)],
        // MUI (emotion) injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // The service worker (sw.js, its workbox runtime) and the web app manifest come from the app itself.
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        // Over plain http on the shop's network an upgrade would break every request from the phone.
        'upgrade-insecure-requests': behindHttpsProxy ? [] : null,
      },
    },
    // Not for the built-in https: browsers ignore HSTS for IP addresses, and for a host name it would also
    // send the laptop's plain http://<name>:PORT to https.
    strictTransportSecurity: behindHttpsProxy,
  });
  // On plain http another device than this machine gets the phone's set-up page and no data (plain-http.ts).
  registerPlainHttpGate(app, phone);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  // Live events: a comment line every ~25 s keeps proxies and the idle-socket timeout away.
  await app.register(fastifySse, { heartbeatInterval: limits.liveHeartbeatMs });
  // brotli or gzip for every route's text answer above 1 kB, the pages included (http/compression.ts); the
  // lists' cached bodies come compressed already (list-cache.ts) and the built assets precompressed.
  await app.register(fastifyCompress, compressOptions);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  registerListCache(app, database.db);
  // Every route's `db` (serve()): the shop's database, or the transaction serve() opens on an idempotent POST.
  registerShopDb(app, database.db);
  app.decorateRequest('user', null);
  // Every changing request, whatever its path, must come from this app's own Origin.
  app.addHook('onRequest', refuseForeignOrigin(config.publicUrl));

  const sessions = createSessionCache();
  const feed = await startChangeFeed({
    db: database.db,
    listen: database.listen,
    pollMs: config.livePollMs,
    onError: (error) => app.log.warn({ err: error }, 'change feed'),
  });
  const events = eventRoutes({
    feed,
    sessionValid: (headers) => sessionIsValid(auth, headers),
  });
  // Routes that answer without a session by design: health, sign-in (better-auth) and the one-time set-up.
  await app.register(async (publicApi) => {
    await registerAuthRoutes(publicApi, auth, config.loginRateLimit, () => {
      sessions.clear();
      // A sign-out ends that session's live stream too.
      events.streams.recheckSessions();
    });
    await publicApi.register(healthRoutes(ctx));
    await publicApi.register(setupRoutes(ctx, config.loginRateLimit));
    await publicApi.register(phoneSetupRoutes(phone));
  });
  // The shop: the session hook belongs to this encapsulated plugin, so Fastify runs it for every route
  // registered inside, after routing. No URL string is compared: a route cannot be reached around it.
  await app.register(async (shopApi) => {
    shopApi.addHook('onRequest', requireSession(auth, sessions));
    // Every POST below says whether it is an idempotent create; serve() runs those once per key.
    requireIdempotentSetting(shopApi);
    // Everything the request's handler awaits runs with its author, whom the change log records (and the
    // browser tab, X-Client-Id, so the live events can tell that tab it caused the change).
    shopApi.addHook('onRequest', (request, _reply, done) => {
      const clientId = request.headers['x-client-id'];
      runAsActor(
        {
          userId: request.user?.id ?? null,
          clientId: typeof clientId === 'string' && CLIENT_ID_PATTERN.test(clientId) ? clientId : null,
        },
        done,
      );
    });
    await shopApi.register(meRoutes());
    await shopApi.register(events.plugin);
    await shopApi.register(customerRoutes());
    await shopApi.register(customerPageRoutes());
    await shopApi.register(beadRoutes());
    await shopApi.register(beadPageRoutes());
    await shopApi.register(photoRoutes());
    await shopApi.register(beadOrderRoutes());
    await shopApi.register(todoRoutes());
    await shopApi.register(orderRoutes());
    await shopApi.register(messageRoutes());
    await shopApi.register(pillowRoutes());
    await shopApi.register(importRoutes());
    await shopApi.register(exportRoutes());
    await shopApi.register(backupRoutes(ctx, backups));
    await shopApi.register(settingsRoutes());
    await shopApi.register(packingRoutes());
    await shopApi.register(parcelRoutes());
    await shopApi.register(reminderRoutes());
    await shopApi.register(salesRoutes());
    await shopApi.register(booksRoutes());
    // A delivery that filled orders is taken back by the deliveries module, above the orders and todos that stock
    // lies below: stock's 'Fortryd' is handed it here, where both are known.
    await shopApi.register(stockRoutes({ undoFilledOrders }));
    await shopApi.register(deliveryRoutes());
    await shopApi.register(phoneApiRoutes(phone));
    await shopApi.register(openApiRoutes());
  });

  await registerPages(app, config.clientDistDir);

  // Open event streams would keep the server's close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    events.streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await feed.close();
    await database.db.destroy();
  });

  return Object.assign(app, { auth, routeTable, liveStreams: events.streams, backups }) as unknown as App;
}
