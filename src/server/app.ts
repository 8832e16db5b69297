import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { texts } from '../shared/texts.ts';
import '../shared/zod-danish.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { loadOrCreateSecret } from './auth/secret.ts';
import type { Config } from './config.ts';
import type { DbHandle } from './db/create-db.ts';
import { healthRoutes } from './health/health.routes.ts';
import { resourceRoutes } from './http/api-routes.ts';
import { registerAuthRoutes } from './http/auth-routes.ts';
import { registerErrorHandler } from './http/errors.ts';
import type { ApiContext } from './http/request-context.ts';
import { registerSessionGuard } from './http/session-guard.ts';
import { setupRoutes } from './setup/setup.routes.ts';

export type BuildAppOptions = {
  config: Config;
  database: DbHandle;
  logger?: FastifyServerOptions['logger'];
};

export type App = FastifyInstance & { auth: Auth };

/** Builds the whole server as a Fastify instance without listening, so tests can inject requests. */
export async function buildApp({ config, database, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: Boolean(config.publicUrl),
    bodyLimit: 10 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const secret = loadOrCreateSecret(config.dataDir, config.authSecret);
  const auth = createAuth({
    db: database.db,
    kind: database.kind,
    secret,
    publicUrl: config.publicUrl,
    google: config.google,
  });
  const ctx: ApiContext = { db: database.db, kind: database.kind, auth, config, sqlite: database.sqlite };
  const https = config.publicUrl?.startsWith('https://') ?? false;

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        // MUI (emotion) injects <style> elements at run time.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        // Over plain http on the shop's network an upgrade would break every request from the phone.
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
  });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  registerErrorHandler(app);
  registerSessionGuard(app, auth, config.publicUrl);

  await registerAuthRoutes(app, auth, config.loginRateLimit);
  await app.register(healthRoutes(ctx));
  await app.register(setupRoutes(ctx, config.loginRateLimit));
  for (const routes of resourceRoutes) await app.register(routes(ctx));

  await registerClient(app, config.clientDistDir);

  app.addHook('onClose', async () => {
    await database.db.destroy();
  });

  return Object.assign(app, { auth }) as unknown as App;
}

/** Serves the built client, with the SPA fallback for client routes; /api stays JSON. */
async function registerClient(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api') &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (isPage && hasClient) {
      return reply.header('cache-control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ message: texts.errors.notFound, code: 'NOT_FOUND' });
  });
}
