/**
 * Conditional requests and cached bodies for the shop's read routes. The route table says which
 * tables a GET's answer reads (`reads: ['customers']`, src/shared/api/routes.ts) and serve() hands them on as
 * `config.versionedBy`; the database raises a version per table on
 * every write (migration 0003), so:
 *   - the answer carries `ETag: "<process>-<versions>"` and `Cache-Control: private, no-cache`: the browser
 *     keeps the body and asks again with If-None-Match; an unchanged list answers 304 with no body and no
 *     query beyond the versions;
 *   - the serialised body (and its brotli / gzip forms, made once, compression.ts) is kept per URL and
 *     version, so many requests for an unchanged list cost one serialisation and one compression.
 * The process id in the ETag keeps a body from an older build from being confirmed by a newer one. The
 * versions are read before the data, so a cached body is never older than the versions it is filed under.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { VersionedTable } from '../../shared/api/tables.ts';
import type { Db } from '../db/database.ts';
import { versionStamp } from '../versions/versions.service.ts';
import { COMPRESS_ABOVE, compressOnce, type Encoding, negotiateEncoding } from './compression.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The tables this GET route's answer reads, set by serve() from the route table; enables ETag, 304 and the body cache. */
    versionedBy?: readonly VersionedTable[];
  }
  interface FastifyRequest {
    listCacheEtag: string | null;
  }
}

type CachedBody = { etag: string; body: string } & Partial<Record<Encoding, Buffer>>;

const MAX_ENTRIES = 64;

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

async function sendCached(request: FastifyRequest, reply: FastifyReply, cached: CachedBody) {
  reply.header('content-type', 'application/json; charset=utf-8');
  reply.header('vary', 'accept-encoding');
  const encoding = cached.body.length > COMPRESS_ABOVE ? negotiateEncoding(request.headers) : null;
  if (!encoding) return reply.send(cached.body);
  cached[encoding] ??= await compressOnce(cached.body, encoding);
  return reply.header('content-encoding', encoding).send(cached[encoding]);
}

export function registerListCache(app: FastifyInstance, db: Db): void {
  const processId = randomUUID().slice(0, 8);
  const cache = new Map<string, CachedBody>();
  app.decorateRequest('listCacheEtag', null);

  app.addHook('preHandler', async (request, reply) => {
    const tables = request.routeOptions.config.versionedBy;
    if (!tables || request.method !== 'GET') return;
    const etag = `"${processId}-${await versionStamp(db, tables)}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'private, no-cache');
    if (matches(request, etag)) return reply.code(304).send();
    const cached = cache.get(request.url);
    if (cached?.etag === etag) {
      // Most recently used last, so the oldest entry is the first to go.
      cache.delete(request.url);
      cache.set(request.url, cached);
      return sendCached(request, reply, cached);
    }
    request.listCacheEtag = etag;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const etag = request.listCacheEtag;
    if (etag === null || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    cache.delete(request.url);
    cache.set(request.url, { etag, body: payload });
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    return payload;
  });
}
