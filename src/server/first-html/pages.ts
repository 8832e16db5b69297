import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { texts } from '../../shared/texts.ts';
import { ENCODINGS, type Encoding, negotiateEncoding, pageCompressOptions } from '../http/compression.ts';
import { frameworkErrorBody, hasOverlongSegment } from '../http/errors.ts';
import { createFirstHtml } from './first-html.ts';

/**
 * The built client: its files, the app's pages and the JSON 404 for everything else.
 *
 * - **Files** (`dist/client`): each as its own route, with the .br and .gz twins written at build
 *   (`preCompressed`); hashed assets cached for a year, the rest `no-cache`.
 * - **Pages**: every other GET path without a file extension is a page of the app (its router decides what
 *   it shows, an unknown path included). They are served by one real route, so `@fastify/compress` compresses
 *   them like any answer: for a signed-in owner the page with her first screen in it (first-html.ts,
 *   `no-store`), else the built index.html (`no-cache`), its precompressed twin when the browser takes one.
 * - **Not found**: /api paths (however spelled) and missing files answer the API's 404 JSON in Danish, never
 *   the page; so does everything when there is no built client. An /api path with a segment beyond the
 *   router's parameter limit answers 414, as the router does when this route is not there to catch it.
 */
export async function registerPages(app: FastifyInstance, distDir: string): Promise<void> {
  app.setNotFoundHandler(async (_request, reply) =>
    reply.status(404).send({ message: texts.errors.notFound, code: 'NOT_FOUND' }),
  );
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    preCompressed: true,
    wildcard: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The renderer loads at start, so the first request does not wait for React and the pages' code.
  const plainPage = fs.readFileSync(indexFile);
  const firstHtml = createFirstHtml(app, plainPage.toString('utf8'), app.log);
  app.addHook('onReady', async () => firstHtml.warm());
  // The plain page and its twins, kept: a twin is smaller than compressing per request, and from memory the
  // page costs less server time than a file read.
  const twins: Partial<Record<Encoding, Buffer>> = {};
  for (const encoding of ENCODINGS) {
    const file = `${indexFile}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (fs.existsSync(file)) twins[encoding] = fs.readFileSync(file);
  }

  app.route({
    method: 'GET',
    url: '/*',
    // A HEAD of a page answers as before: not found.
    exposeHeadRoute: false,
    compress: pageCompressOptions,
    handler: async (request, reply) => {
      const pathname = routedPathname(request.url);
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      if (isApi && hasOverlongSegment(pathname)) {
        // What the router answers for such a parameter when no route catches the path.
        const body = frameworkErrorBody({ code: 'FST_ERR_MAX_PARAM_LENGTH', statusCode: 414 });
        return reply.status(body.status).send({ message: body.message, code: body.code });
      }
      if (isApi || path.extname(pathname)) return reply.callNotFound();
      const page = await firstHtml.page(request).catch((error: unknown) => {
        request.log.warn({ err: error }, 'first screen not rendered');
        return null;
      });
      reply.type('text/html; charset=utf-8');
      if (page) return reply.header('cache-control', 'no-store').send(page);
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      const encoding = negotiateEncoding(request.headers);
      const twin = encoding && twins[encoding];
      // Without a twin (a page under 1 kB has none) @fastify/compress has the page as any answer.
      return twin ? reply.header('content-encoding', encoding).send(twin) : reply.send(plainPage);
    },
  });
}

/**
 * The path as the router sees it: dot segments resolved, %-escapes decoded, slashes collapsed, lower case.
 * Only for choosing between the page and a JSON 404; no access decision is made on it.
 */
function routedPathname(url: string): string {
  let pathname: string;
  try {
    // A leading '//' would make the URL scheme-relative: '//api/todos' read as host 'api', path
    // '/todos', and answered with the app's page instead of the API's 404.
    pathname = new URL(url.replace(/^\/+/, '/'), 'http://localhost').pathname;
  } catch {
    return url;
  }
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A broken %-sequence: keep it as it is.
  }
  return pathname.replace(/\/{2,}/g, '/').toLowerCase();
}
