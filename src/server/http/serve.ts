/**
 * The one way to write an /api route: `serve(app, apiRoutes.addCustomer, { body, response, config }, handler)`
 * (docs/decisions/0013-one-route-table.md). The route table's entry gives the method and the path; the schemas
 * are held to the table's types by the compiler, so a body, query, params or answer schema that disagrees
 * with the table is a `tsc` error where it is written (tests/architecture/serve-types.test.ts proves each):
 *
 *   - body: the table's body passes the schema's input type, and the schema's output is the table's body
 *     (same fields both ways);
 *   - query: the table's query, as the URL carries it (numbers and booleans as text), passes the schema's
 *     input type, and every field the table names is one the schema knows;
 *   - params: the schema's fields are exactly the path's `:names`; the handler gets the schema's output;
 *   - response: every 2xx schema's output is the table's answer (same fields both ways); a route whose answer
 *     is JSON must have one. A file (string, Blob) or an answer the table leaves `unknown` is not checked.
 *
 * The handler gets `db` as an argument, in one way: on an idempotent POST (`config.idempotent`,
 * http/idempotent-routes.ts) serve() opens the transaction that claims the key and hands it over; elsewhere it
 * is the shop's database (registerShopDb, the one place it is held). A route whose input is more than its body
 * (an upload's photos) names a `prepare` step: serve() runs it before any transaction opens, hands its result
 * to the handler as `prepared` and, on an idempotent route, fingerprints the key's use with it. `reply` is there
 * for what a file, a stream or a status needs.
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
import type { z } from 'zod';
import type { ApiRoute, RouteAnswer, RouteBody, RouteQuery } from '../../shared/api/routes.ts';
import type { PathParams } from '../../shared/paths.ts';
import type { Db } from '../db/database.ts';
import { writeOnce } from './idempotent-routes.ts';
import type { SessionUser } from './request-context.ts';

type Schema = z.ZodType;
type Out<S> = S extends Schema ? z.output<S> : never;
type In<S> = S extends Schema ? z.input<S> : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type IsUnknown<T> = unknown extends T ? true : false;
/** Bodies and answers that are files or streams: read or written by the handler, not by a schema. */
type Raw = string | Blob | FormData;

/** What the compiler shows in place of a schema that disagrees with the route table. */
export type DisagreesWithRouteTable<Part extends string, Table, FromSchema> = {
  readonly 'disagrees with the route table': Part;
  readonly table: Table;
  readonly schema: FromSchema;
};

type BodyAgrees<T, S> = [T] extends [In<S>]
  ? Same<T, NonNullable<Out<S>>> extends true
    ? Same<keyof T, keyof NonNullable<Out<S>>>
    : false
  : false;

type BodyOption<R extends ApiRoute, B> =
  IsUnknown<RouteBody<R>> extends true
    ? { body?: B & Schema }
    : [RouteBody<R>] extends [undefined]
      ? { body?: never }
      : [RouteBody<R>] extends [Raw]
        ? { body?: never }
        : {
            body: BodyAgrees<RouteBody<R>, B> extends true
              ? B
              : DisagreesWithRouteTable<'body', RouteBody<R>, Out<B>>;
          };

/** A query value as the URL carries it (urlOf writes numbers and booleans as text). */
type AsText<V> = V extends undefined
  ? undefined
  : V extends string
    ? V
    : V extends number | boolean
      ? `${V}`
      : never;
type QueryAgrees<T, S> = [{ [K in keyof T]: AsText<T[K]> }] extends [In<S>]
  ? [keyof T] extends [keyof In<S>]
    ? true
    : false
  : false;

type QueryOption<R extends ApiRoute, Q> = [RouteQuery<R>] extends [undefined]
  ? { query?: never }
  : {
      query: QueryAgrees<RouteQuery<R>, Q> extends true
        ? Q
        : DisagreesWithRouteTable<'query', RouteQuery<R>, In<Q>>;
    };

type ParamNames<R extends ApiRoute> = keyof PathParams<R['path']>;
type ParamsAgree<N, S> =
  Same<keyof Out<S>, N> extends true ? ([Out<S>] extends [Record<N & string, string>] ? true : false) : false;

type ParamsOption<R extends ApiRoute, P> = [ParamNames<R>] extends [never]
  ? { params?: never }
  : {
      params: ParamsAgree<ParamNames<R>, P> extends true
        ? P
        : DisagreesWithRouteTable<'params', PathParams<R['path']>, Out<P>>;
    };

type Success = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type AnswerAgrees<A, S> = Same<A, Out<S>> extends true ? Same<keyof A, keyof Out<S>> : false;
/** `true` when every 2xx schema of the map gives the table's answer and there is at least one. */
type ResponsesAgree<A, M> = [Extract<keyof M, Success>] extends [never]
  ? false
  : false extends { [K in keyof M]: K extends Success ? AnswerAgrees<A, M[K]> : true }[keyof M]
    ? false
    : true;

type ResponseMap = { readonly [status: number]: Schema };

type ResponseOption<R extends ApiRoute, M> =
  IsUnknown<RouteAnswer<R>> extends true
    ? { response?: M & ResponseMap }
    : [RouteAnswer<R>] extends [Raw]
      ? { response?: M & ResponseMap }
      : {
          response: ResponsesAgree<RouteAnswer<R>, M> extends true
            ? M
            : DisagreesWithRouteTable<'response', RouteAnswer<R>, { [K in keyof M]: Out<M[K]> }>;
        };

/** What a route may say besides its schemas (what the routes of this app use; more can be added here). */
type RouteExtras = {
  headers?: Schema;
  config?: FastifyContextConfig;
  bodyLimit?: number;
  /** @fastify/sse's setting (the live events). */
  sse?: RouteOptions['sse'];
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

export type ServeOptions<R extends ApiRoute, B, Q, P, M, X = undefined> = BodyOption<R, B> &
  QueryOption<R, Q> &
  ParamsOption<R, P> &
  ResponseOption<R, M> &
  RouteExtras & { prepare?: PrepareStep<X> };

/** What a handler gets: its database, the validated input, the signed-in user, request and reply. */
export type ServeInput<R extends ApiRoute, B, Q, P, M, X = undefined> = {
  /** The idempotent POST's transaction, which claims the key (serve() opened it), else the shop's database. */
  db: Db;
  /** What the route's prepare step made of the request (undefined without one). */
  prepared: X;
  params: [ParamNames<R>] extends [never] ? Record<never, never> : Out<P>;
  query: [RouteQuery<R>] extends [undefined] ? Record<never, never> : Out<Q>;
  /** The validated body; a file or stream route reads the raw body here (multipart by its prepare step). */
  body: [B] extends [Schema] ? Out<B> : [RouteBody<R>] extends [undefined] ? undefined : unknown;
  /** The session's user (set by the shop's session hook; null on the public routes). */
  user: SessionUser | null;
  request: FastifyRequest;
  /** Typed by the response schemas where there are any: `reply.status(201).send(x)` checks x. */
  reply: [M] extends [ResponseMap] ? TypedReply<M> : FastifyReply;
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

/** The table's answer, or the reply when the handler sent it itself (a file, a stream, a 204). */
export type ServeResult<R extends ApiRoute> = RouteAnswer<R> | FastifyReply;

type ServedRoute = ApiRoute & { readonly path: `/api/${string}` };

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

/** Registers `route` from the route table on `app`, with its schemas held to the table's types. */
export function serve<
  R extends ServedRoute,
  B = undefined,
  Q = undefined,
  P = undefined,
  M = undefined,
  X = undefined,
>(
  app: FastifyInstance,
  route: R,
  options: ServeOptions<R, B, Q, P, M, X>,
  handler: (input: ServeInput<R, B, Q, P, M, X>) => ServeResult<R> | Promise<ServeResult<R>>,
): void {
  const { body, query, params, response, headers, config, prepare, ...extras } = options as RouteExtras & {
    body?: Schema;
    query?: Schema;
    params?: Schema;
    response?: ResponseMap;
    prepare?: PrepareStep<X>;
  };
  if (!app.hasDecorator('shopDb')) throw new Error('serve() needs the database: registerShopDb(app, db)');
  const shopDb = app.shopDb;
  const mode = config?.idempotent ?? false;
  const schema = Object.fromEntries(
    Object.entries({ params, querystring: query, headers, body, response }).filter(
      ([, s]) => s !== undefined,
    ),
  );
  app.route({
    method: route.method,
    url: route.path,
    ...Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined)),
    // The ETag's tables are the ones the route table says the answer reads (http/list-cache.ts).
    config: {
      ...config,
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
        } as unknown as ServeInput<R, B, Q, P, M, X>);
      if (!mode) return run(shopDb);
      const fingerprint = prepare ? prepare.fingerprint(prepared) : request.body;
      return writeOnce(shopDb, mode, request, reply, fingerprint, run);
    },
  });
}
