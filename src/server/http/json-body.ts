/**
 * JSON request bodies, parsed by Fastify's own parser (prototype-poisoning checks included) after a check of
 * how deep the text nests, made on the text without recursion. A body nested 50,000 levels deep used to reach
 * code that walks or stringifies it recursively (the idempotency scope: "Maximum call stack size exceeded",
 * a 500); now every route refuses it with a Danish 400 before anything reads it.
 */

import type { FastifyInstance } from 'fastify';
import { MAX_IMPORT_DEPTH } from '../../shared/domain/limits.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { errorTexts } from '../../shared/texts/errors.ts';
import { AppError } from './errors.ts';

/** No API body nests deeper; the import's own files are held to the same depth (MAX_IMPORT_DEPTH). */
export const MAX_BODY_DEPTH = MAX_IMPORT_DEPTH;

/** Whether JSON text opens more than `maxDepth` arrays or objects inside each other (strings skipped). */
export function jsonTextNestsDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      depth++;
      if (depth > maxDepth) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a too deeply nested body is told on this route (the import names its file). */
    bodyTooDeepMessage?: string;
  }
}

export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTextNestsDeeperThan(text, MAX_BODY_DEPTH)) {
      const message =
        request.routeOptions.config.bodyTooDeepMessage ?? errorTexts.bodyTooDeep(MAX_BODY_DEPTH);
      done(new AppError(400, { ...apiErrors.bodyTooDeep, message }), undefined);
      return;
    }
    parse(request, text, done);
  });
}
