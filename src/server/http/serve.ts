/**
 * The one way to write an /api route: `serve(app, 'addCustomer', handler)` (docs/decisions/0013-one-route-table.md).
 * The route table (shared/api/routes.ts) gives the method, the path and the tables a GET reads (its ETag);
 * the route's contract (shared/api/contracts.ts) gives the schemas Fastify validates and serializes with, and
 * whether a POST is idempotent. The handler's types come from the same schemas: the params', query's and
 * body's output, and the answers' input (what the serializer takes) for what it returns or sends.
 *
 * The handler gets `db` as an argument, in one way: on an idempotent POST (http/idempotent-routes.ts) serve()
 * opens the transaction that claims the key and hands it over; elsewhere it is the shop's database
 * (registerShopDb, the one place it is held). A route whose input is more than its body (an upload's photos)
 * names a `prepare` step: serve() runs it before any transaction opens, hands its result to the handler as
 * `prepared` and, on an idempotent route, fingerprints the key's use with it. `reply` is there for what a
 * file, a stream or a status needs. What the route needs besides its contract (a rate limit, a body limit,
 * the event stream's setting) is the optional third argument.
 */
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SchemaInput, SchemaOutput, SuccessStatus } from '../../shared/api/contract-types.ts';
import { type Contract, type Contracts, contracts } from '../../shared/api/contracts.ts';
import { type ApiRoutes, apiRoutes, type RouteName } from '../../shared/api/routes.ts';
import type { PathParams } from '../../shared/paths.ts';
import { apiIdSchema, idempotencyHeadersSchema } from '../../shared/schemas/api-common.ts';
import type { Db } from '../db/database.ts';
import { writeOnce } from './idempotent-routes.ts';
import type { SessionUser } from './request-context.ts';

type Schema = z.ZodType;
type ResponseMap = { readonly [status: number]: Schema };

type ServedName = {
  [K in RouteName]: ApiRoutes[K]['path'] extends `/api/auth/${string}` ? never : K;
}[RouteName];
type ContractOf<K extends RouteName> = Contracts[K];
type AnswersOf<K extends RouteName> = ContractOf<K> extends { answers: infer A } ? A : undefined;

/** What a route may say besides its contract (what the routes of this app use; more can be added here). */
export type ServeExtras<X = undefined> = {
  config?: Omit<FastifyContextConfig, 'idempotent'>;
  bodyLimit?: number;
  /** @fastify/sse's setting (the live events). */
  sse?: RouteOptions['sse'];
  prepare?: PrepareStep<X>;
};

/**
 * A step that reads what the handler needs beyond the validated body (an upload's files), after the session
 * check and the schemas and before any transaction opens: the slow part holds no write lock.
 */
export type PrepareStep<X> = {
  read: (request: FastifyRequest) => Promise<X>;
  /** What of the result tells one use of an Idempotency-Key from another (it stands in for the body). */
  fingerprint: (prepared: X) => unknown;
};

/** What a handler gets: its database, the validated input, the signed-in user, request and reply. */
export type ServeInput<K extends RouteName, X = undefined> = {
  /** The idempotent POST's transaction, which claims the key (serve() opened it), else the shop's database. */
  db: Db;
  /** What the route's prepare step made of the request (undefined without one). */
  prepared: X;
  /** The contract's params, or each `:name` of the path as an id. */
  params: ContractOf<K> extends { params: infer P } ? SchemaOutput<P> : PathParams<ApiRoutes[K]['path']>;
  query: ContractOf<K> extends { query: infer Q } ? SchemaOutput<Q> : Record<never, never>;
  /** The validated body; an upload's body is read by its prepare step (multipart) or the handler (bytes). */
  body: ContractOf<K> extends { body: infer B }
    ? SchemaOutput<B>
    : ContractOf<K> extends { upload: string }
      ? unknown
      : undefined;
  /** The session's user (set by the shop's session hook; null on the public routes). */
  user: SessionUser | null;
  request: FastifyRequest;
  /** Typed by the contract's answers where there are any: `reply.status(201).send(x)` checks x. */
  reply: AnswersOf<K> extends ResponseMap ? TypedReply<AnswersOf<K>> : FastifyReply;
};

type TypedReply<M> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  { response: M },
  ZodTypeProvider
>;

/**
 * The answer (what its 2xx schema serializes), or the reply when the handler sent it itself; a route without a
 * JSON answer (a file, the event stream) sends its own.
 */
export type ServeResult<K extends RouteName> =
  | (AnswersOf<K> extends ResponseMap
      ? [Extract<keyof AnswersOf<K>, SuccessStatus>] extends [never]
        ? unknown
        : SchemaInput<AnswersOf<K>[Extract<keyof AnswersOf<K>, SuccessStatus>]>
      : unknown)
  | FastifyReply;

/** Marks a route as registered by serve() (the route-table test checks every table route is). */
export const SERVED = Symbol('served by serve()');

declare module 'fastify' {
  interface FastifyContextConfig {
    [SERVED]?: true;
  }
  interface FastifyInstance {
    /** The shop's database, read by serve() alone: a handler gets it, or its transaction, as `db`. */
    readonly shopDb: Db;
  }
}

/** Gives serve() the shop's database, on the root instance so every plugin's routes have it. */
export function registerShopDb(app: FastifyInstance, db: Db): void {
  app.decorate('shopDb', db);
}

/** The params' schema of a path whose every `:name` is an id: `/api/orders/:id/lines/:lineId` → { id, lineId }. */
function idParams(path: string): z.ZodObject | undefined {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return names.length === 0
    ? undefined
    : z.object(Object.fromEntries(names.map((name) => [name, apiIdSchema])));
}

/** The schemas Fastify validates and serializes a route with, by their Fastify names. */
export type RouteSchemas = {
  params?: z.ZodObject;
  querystring?: Schema;
  headers?: Schema;
  body?: Schema;
  response?: ResponseMap;
};

/**
 * What serve() hands Fastify for route `name`, from its contract: the API description is made from the same
 * schemas (src/server/openapi/), so it describes what the route validates, never a copy.
 */
export function routeSchemas(name: RouteName): RouteSchemas {
  const contract: Contract = contracts[name];
  return {
    params: contract.params ?? idParams(apiRoutes[name].path),
    querystring: contract.query,
    // An idempotent write takes its key in the Idempotency-Key header (a completion may send it too).
    headers: contract.idempotent ? idempotencyHeadersSchema : undefined,
    body: contract.body,
    response: contract.answers,
  };
}

/** Registers the route `name` of the route table on `app`, with its contract's schemas. */
export function serve<K extends ServedName, X = undefined>(
  app: FastifyInstance,
  name: K,
  handler: (input: ServeInput<K, X>) => ServeResult<K> | Promise<ServeResult<K>>,
): void;
export function serve<K extends ServedName, X = undefined>(
  app: FastifyInstance,
  name: K,
  extras: ServeExtras<X>,
  handler: (input: ServeInput<K, X>) => ServeResult<K> | Promise<ServeResult<K>>,
): void;
export function serve<K extends ServedName, X = undefined>(
  app: FastifyInstance,
  name: K,
  ...rest: [(input: ServeInput<K, X>) => unknown] | [ServeExtras<X>, (input: ServeInput<K, X>) => unknown]
): void {
  const [extras, handler] = rest.length === 1 ? [{} as ServeExtras<X>, rest[0]] : rest;
  const route = apiRoutes[name];
  const contract: Contract | undefined = contracts[name];
  if (!route || !contract) throw new Error(`serve(): no route '${name}' in the route table`);
  const { config, prepare, ...options } = extras;
  if (!app.hasDecorator('shopDb')) throw new Error('serve() needs the database: registerShopDb(app, db)');
  const shopDb = app.shopDb;
  const mode = contract.idempotent ?? false;
  const schema = Object.fromEntries(Object.entries(routeSchemas(name)).filter(([, s]) => s !== undefined));
  app.route({
    method: route.method,
    url: route.path,
    ...Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
    // The ETag's tables are the ones the route table says the answer reads (http/list-cache.ts).
    config: {
      ...config,
      ...(contract.idempotent !== undefined && { idempotent: contract.idempotent }),
      ...(route.reads && route.etag !== false && { versionedBy: route.reads }),
      [SERVED]: true,
    },
    ...(Object.keys(schema).length > 0 ? { schema } : {}),
    handler: async (request, reply) => {
      const prepared = prepare ? await prepare.read(request) : (undefined as X);
      const run = async (db: Db) =>
        handler({
          db,
          prepared,
          params: request.params,
          query: request.query,
          body: request.body,
          user: request.user,
          request,
          reply,
        } as unknown as ServeInput<K, X>);
      if (!mode) return run(shopDb);
      const fingerprint = prepare ? prepare.fingerprint(prepared) : request.body;
      return writeOnce(shopDb, mode, request, reply, fingerprint, run);
    },
  });
}
