/**
 * Compression of the server's answers, in one place (tests/architecture keeps brotli and gzip calls here):
 *   - `@fastify/compress` (registered with `compressOptions`) compresses every route's text answer above
 *     1 kB per request: the pages (first-html/pages.ts) and the API's answers;
 *   - the lists' cache (list-cache.ts) compresses a big list once per version and keeps the result
 *     (`compressOnce`), since the same list is asked for again and again;
 *   - the built assets come precompressed (vite.config.ts, @fastify/static's `preCompressed`).
 * The first two choose the encoding from the same list through the same negotiation
 * (`@fastify/accept-negotiator`, which @fastify/compress uses), so an answer is encoded alike whichever
 * path it takes.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyCompressOptions } from '@fastify/compress';

/** What the server sends, in its order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Smaller answers go out as they are: a few packets either way. */
export const COMPRESS_ABOVE = 1024;

/** For `@fastify/compress`: brotli at quality 4, fast enough per request (zlib's 11 is not). */
export const compressOptions: FastifyCompressOptions = {
  threshold: COMPRESS_ABOVE,
  encodings: [...ENCODINGS],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
};

/**
 * For the page route (a route's options replace the plugin's, so all of them): a page with its first screen
 * (100–160 kB in the big shop) is compressed in one go, as it was before the library did it. Through a stream,
 * the library's way above 8 kB on two cores, a page took ~0.4 ms longer and ~1 ms more CPU, for the same bytes.
 */
export const pageCompressOptions = { ...compressOptions, syncThreshold: 512 * 1024 };

/**
 * The encoding to send for a request's Accept-Encoding, or null: the header read as @fastify/compress reads
 * it (case ignored, `*` and `x-gzip` taken as gzip, q-values weighed), so both choose the same.
 */
export function negotiateEncoding(headers: IncomingHttpHeaders): Encoding | null {
  const accepted = headers['accept-encoding'];
  if (!accepted) return null;
  return negotiate(accepted.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A body compressed to be kept and sent many times (the lists' cache): brotli at quality 5 and gzip at level 6,
 * off the event loop, a little smaller than the per-request quality since it is paid once per version.
 */
export function compressOnce(body: string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzip(body, { level: 6 });
}
