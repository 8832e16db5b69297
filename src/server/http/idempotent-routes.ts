/**
 * Idempotent writes as route configuration. A POST of the shop says in its config how it behaves
 * when a tap is repeated or an answer is lost, and serve() (http/serve.ts) runs its handler accordingly, so no
 * route or service calls the idempotency code by hand:
 *
 *   - `idempotent: 'header'` (the creates): at most once per `Idempotency-Key` header (the route's headers
 *     schema validates it). serve() opens the transaction that claims the key and hands it to the handler as
 *     its `db`; the handler's answer (the status it set with `reply.code`, and what it returned) is stored with
 *     the key; a repeat of the key gets that answer back without writing, another use of the key
 *     409 IDEMPOTENCY_KEY_REUSED.
 *   - `idempotent: 'body'`: the same with the key in the body's required `idempotencyKey` (a todo's
 *     completion); an `Idempotency-Key` header sent as well must name the same key.
 *   - `idempotent: false`: not a create (archiving, an import with its own report, a backup, …).
 *
 * A POST registered in the shop without the setting stops the server at start: a new create route cannot
 * forget it. Without a key the write still runs in one transaction.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotentMode } from '../../shared/api/contract-types.ts';
import { texts } from '../../shared/texts.ts';
import type { Db } from '../db/database.ts';
import { invalidError } from '../errors.ts';
import { idempotencyScope, withIdempotency } from '../idempotency/idempotency.service.ts';

/** A POST that is written once per key, and where its key is. */
type KeyedMode = Exclude<IdempotentMode, false>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How this POST behaves on a repeated key (http/idempotent-routes.ts); every POST of the shop says so. */
    idempotent?: IdempotentMode;
  }
}

/** The request's `Idempotency-Key` header (validated by the route's `headers` schema), if any. */
function headerKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

function keyOf(request: FastifyRequest, mode: KeyedMode): string | undefined {
  const header = headerKey(request);
  if (mode === 'header') return header;
  const key = (request.body as { idempotencyKey?: unknown } | undefined)?.idempotencyKey;
  const bodyKey = typeof key === 'string' ? key : undefined;
  if (header !== undefined && header !== bodyKey) {
    throw invalidError({ code: 'VALIDATION', message: texts.validation.idempotencyKeyInvalid });
  }
  return bodyKey;
}

/**
 * Runs `write` at most once per the request's key, in the transaction that claims it, and sends its answer (or
 * the stored one on a repeat). `fingerprint` is what tells one use of a key from another besides the route
 * and its params: the parsed body, or what the route's prepare step made of an upload.
 */
export async function writeOnce(
  db: Db,
  mode: KeyedMode,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprint: unknown,
  write: (trx: Db) => Promise<unknown>,
): Promise<FastifyReply> {
  const scope = idempotencyScope(
    `${request.method} ${request.routeOptions.url}`,
    request.params,
    fingerprint,
  );
  const answer = await withIdempotency(db, keyOf(request, mode), scope, async (trx) => {
    const body = await write(trx);
    return { status: reply.statusCode, body };
  });
  return reply.status(answer.status).send(answer.body);
}

/**
 * Checks every POST registered in `app` (the shop plugin) after this call: one that does not declare
 * `config.idempotent` stops the server at registration. It only checks: serve() acts on the setting.
 */
export function requireIdempotentSetting(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().includes('POST')) return;
    if (route.config?.idempotent === undefined) {
      throw new Error(
        `POST ${route.url} must say whether it is idempotent: 'idempotent' in its contract (shared/api/contracts.ts)`,
      );
    }
  });
}
