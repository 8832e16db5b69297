import {
  type ApiMethod,
  type ApiRoute,
  type RouteAnswer,
  type RouteBody,
  type RouteInput,
  urlOf,
} from '../../shared/api/routes.ts';
import { takeEarlyAnswer } from '../../shared/page-contract.ts';
import type { PathParams } from '../../shared/paths.ts';
import { texts } from '../../shared/texts.ts';
import { ApiError, NETWORK_ERROR } from './api-error.ts';
import { reportNetworkFailure, reportServerAnswered } from './connection.ts';
import { TAB_ID } from './tab-id.ts';

export { NETWORK_ERROR };

export const isNetworkError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === NETWORK_ERROR;

/** `idempotencyKey` is sent as the `Idempotency-Key` header: a repeat with the same key adds nothing twice. */
export type ApiOptions = { idempotencyKey?: string };

/** The version (ETag) of the last answer to each GET URL, for the first screen's hydration (main.tsx). */
const versions = new Map<string, string>();

/** The ETag of the last answer to a GET of `url` (null: none yet, or it had none). */
export const answerVersion = (url: string): string | null => versions.get(url) ?? null;

/**
 * One request by URL: the early answer the boot script asked for is taken over for a GET, a refusal throws an
 * ApiError in Danish. The app calls through `call` (by route); this is what it sends with.
 */
export async function api<T>(
  method: ApiMethod,
  url: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T> {
  // Without an early answer the request starts at once (no await in between).
  const early = method === 'GET' ? takeEarlyAnswer(url) : undefined;
  let response: Response | undefined = early ? await early : undefined;
  // No window: the server rendering a first screen (client/server-render/) reads only its early answers.
  if (!response && typeof window === 'undefined') throw new ApiError(texts.errors.network, NETWORK_ERROR, 0);
  // A file (the export zip for the import) goes as its own bytes; everything else as JSON.
  const file = typeof Blob !== 'undefined' && body instanceof Blob ? body : undefined;
  const contentType = file ? file.type || 'application/octet-stream' : 'application/json';
  try {
    response ??= await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': contentType }),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        // The live events name the tab that caused a change, so this tab does not refetch its own writes.
        ...(method === 'GET' ? {} : { 'x-client-id': TAB_ID }),
      },
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch {
    // The app is offline until the server answers again (connection.ts): reads pause, queued writes wait.
    reportNetworkFailure();
    throw new ApiError(texts.errors.network, NETWORK_ERROR, 0);
  }
  reportServerAnswered();
  if (method === 'GET') {
    const etag = response.headers.get('etag');
    if (etag) versions.set(url, etag);
    else versions.delete(url);
  }
  if (response.status === 204) return undefined as T;
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = typeof payload?.message === 'string' ? payload.message : texts.errors.server;
    throw new ApiError(
      message,
      typeof payload?.code === 'string' ? payload.code : `HTTP_${response.status}`,
      response.status,
      payload?.field,
    );
  }
  return payload as T;
}

/** A route whose call takes no input: no params in its path and no body. */
type NoInput<R extends ApiRoute> = keyof PathParams<R['path']> extends never
  ? RouteBody<R> extends undefined
    ? true
    : false
  : false;

/** `call`'s arguments after the route: the input (optional exactly when the route needs none), options. */
export type CallArgs<R extends ApiRoute> =
  NoInput<R> extends true
    ? [input?: RouteInput<R>, options?: ApiOptions]
    : [input: RouteInput<R>, options?: ApiOptions];

/**
 * Calls a route of the route table (src/shared/api/routes.ts): its method, its URL from `urlOf` (params
 * encoded, query in the order written), `input.body` as the body, typed answer. A POST without a body sends
 * `{}`. E.g. `call(apiRoutes.customer, { params: { id } })`, or with a body and a key
 * `call(apiRoutes.addBead, { body }, { idempotencyKey })`.
 */
export function call<R extends ApiRoute>(
  route: R,
  ...[input, options]: CallArgs<R>
): Promise<RouteAnswer<R>> {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
    body?: unknown;
  };
  return api<RouteAnswer<R>>(
    route.method,
    urlOf(route, { params, query }),
    body === undefined && route.method === 'POST' ? {} : body,
    options,
  );
}
