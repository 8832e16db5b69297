import { texts } from '../../shared/texts.ts';
import { ApiError } from './api-error.ts';
import { reportNetworkFailure, reportServerAnswered } from './connection.ts';
import { TAB_ID } from './tab-id.ts';

/** The code of the ApiError thrown when a request did not reach the server. */
export const NETWORK_ERROR = 'NetworkError';

export const isNetworkError = (error: unknown): boolean =>
  error instanceof ApiError && error.code === NETWORK_ERROR;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** `idempotencyKey` is sent as the `Idempotency-Key` header: a repeat with the same key adds nothing twice. */
export type ApiOptions = { idempotencyKey?: string };

type EarlyAnswers = Record<string, Promise<Response | undefined> | undefined>;

/**
 * The answer public/boot.js requested for this URL before the app's code arrived (api/first-reads.ts), taken
 * once: later reads of the URL go to the server as usual. boot.js forgets an answer nobody took within 20 s.
 */
function takeEarlyAnswer(url: string): Promise<Response | undefined> | undefined {
  const early = (globalThis as { naalepudenEarly?: EarlyAnswers }).naalepudenEarly;
  const answer = early?.[url];
  if (!early || !answer) return undefined;
  delete early[url];
  return answer;
}

export async function api<T>(
  method: Method,
  url: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T> {
  // Without an early answer the request starts at once (no await in between).
  const early = method === 'GET' ? takeEarlyAnswer(url) : undefined;
  let response: Response | undefined = early ? await early : undefined;
  try {
    response ??= await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
        // The live events name the tab that caused a change, so this tab does not refetch its own writes.
        ...(method === 'GET' ? {} : { 'x-client-id': TAB_ID }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // The app is offline until the server answers again (connection.ts): reads pause, queued writes wait.
    reportNetworkFailure();
    throw new ApiError(texts.errors.network, NETWORK_ERROR, 0);
  }
  reportServerAnswered();
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

export const apiGet = <T>(url: string) => api<T>('GET', url);
export const apiPost = <T>(url: string, body?: unknown, options?: ApiOptions) =>
  api<T>('POST', url, body ?? {}, options);
export const apiPatch = <T>(url: string, body: unknown) => api<T>('PATCH', url, body);
export const apiPut = <T>(url: string, body: unknown) => api<T>('PUT', url, body);
export const apiDelete = <T>(url: string) => api<T>('DELETE', url);
