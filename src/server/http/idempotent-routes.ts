/**
 * Idempotent writes as route configuration. A POST of the shop says in its config how it behaves
 * when a tap is repeated or an answer is lost, and one onRoute hook wraps its handler accordingly, so no route
 * or service calls the idempotency code by hand:
 *
 *   - `idempotent: 'header'` (the creates): at most once per `Idempotency-Key` header (the route's headers
 *     schema validates it). The handler runs inside the transaction that claims the key, and its answer
 *     (the status it set with `reply.code`, and what it returned) is stored with the key; a repeat of the key
 *     gets that answer back without writing, another use of the key 409 IDEMPOTENCY_KEY_REUSED.
 *   - `idempotent: 'body'`: the same with the key in the body's required `idempotencyKey` (a todo's
 *     completion); an `Idempotency-Key` header sent as well must name the same key.
 *   - `idempotent: false`: not a create (archiving, an import with its own report, a backup, …).
 *
 * A POST registered in the shop without the setting stops the server at start: a new create route cannot
 * forget it. The handler writes through the `db` that serve() hands it (`requestDb` here), which is the
 * claiming transaction on an idempotent route and the shop's database elsewhere. Without a key the write
 * still runs in one transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { texts } from '../../shared/texts.ts';
import type { Db } from '../db/database.ts';
import { invalidError } from '../errors.ts';
import { idempotencyScope, withIdempotency } from '../idempotency/idempotency.service.ts';

export type IdempotentMode = 'header' | 'body' | false;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this POST behaves on a repeated key (http/idempotent-routes.ts); every POST of the shop says so. */
    idempotent?: IdempotentMode;
  }
}

const TRANSACTION = Symbol('idempotent transaction');
const DATABASE = Symbol('request database');
type WithTransaction = FastifyRequest & { [TRANSACTION]?: Db; readonly [DATABASE]?: Db };

/**
 * Gives every request its database (on the root instance, so the public routes have it too): the claiming
 * transaction while an idempotent handler runs, else `db`. No property on the request names it, so a route
 * reaches it only through serve()'s `db` (http/serve.ts).
 */
export function registerRequestDb(app: FastifyInstance, db: Db): void {
  app.decorateRequest(DATABASE, {
    getter(this: FastifyRequest) {
      return (this as WithTransaction)[TRANSACTION] ?? db;
    },
  });
}

/** Where this request writes: an idempotent route's claiming transaction, else the shop's database. */
export function requestDb(request: FastifyRequest): Db {
  const db = (request as WithTransaction)[DATABASE];
  if (!db) throw new Error('The request has no database: registerRequestDb(app, db) was not called');
  return db;
}

/** The request's `Idempotency-Key` header (validated by the route's `headers` schema), if any. */
function headerKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

function keyOf(request: FastifyRequest, mode: 'header' | 'body'): string | undefined {
  const header = headerKey(request);
  if (mode === 'header') return header;
  const key = (request.body as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  const bodyKey = typeof key === 'string' ? key : undefined;
  if (header !== undefined && header !== bodyKey) {
    throw invalidError({ code: 'VALIDATION', message: texts.validation.idempotencyKeyInvalid });
  }
  return bodyKey;
}

function idempotentHandler(db: Db, mode: 'header' | 'body', handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const scope = idempotencyScope(
      `${request.method} ${request.routeOptions.url}`,
      request.params,
      request.body,
    );
    const answer = await withIdempotency(db, keyOf(request, mode), scope, async (trx) => {
      (request as WithTransaction)[TRANSACTION] = trx;
      try {
        const body: unknown = await handler.call(this, request, reply);
        return { status: reply.statusCode, body };
      } finally {
        (request as WithTransaction)[TRANSACTION] = undefined;
      }
    });
    return reply.status(answer.status).send(answer.body);
  };
}

/**
 * Wraps the idempotent POSTs registered in `app` (the shop plugin) after this call. Throws at registration
 * for a POST that does not declare `config.idempotent`.
 */
export function registerIdempotentRoutes(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('POST')) return;
    const mode = route.config?.idempotent;
    if (mode === undefined) {
      throw new Error(
        `POST ${route.url} must say whether it is idempotent: config.idempotent (idempotent-routes.ts)`,
      );
    }
    if (mode === false) return;
    route.handler = idempotentHandler(db, mode, route.handler);
  });
}
