/**
 * Kept apart from the fetch wrapper (api.ts) so that generic widgets can tell a refusal on a field from
 * other failures without being able to call the API.
 */

/** An error answered by our API: `{ message, code }` with a Danish message. */
export class ApiError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly status: number,
    public readonly field?: string,
  ) {
    super(message);
    this.name = code;
  }
}

/** The code of the ApiError thrown when a request did not reach the server (lib/api.ts re-exports it). */
export const NETWORK_ERROR = 'NetworkError';
