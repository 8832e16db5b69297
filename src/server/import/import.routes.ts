import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyPluginAsync } from 'fastify';
import { MAX_IMPORT_BYTES, MAX_IMPORT_DEPTH, MAX_IMPORT_ZIP_BYTES } from '../../shared/domain/limits.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { photoTexts } from '../../shared/texts/photos.ts';
import { texts } from '../../shared/texts.ts';
import { AppError } from '../http/errors.ts';
import { serve } from '../http/serve.ts';
import { importData } from './import.service.ts';
import { importZipFile } from './import-zip.ts';

/** Exports of a large shop and the old app's export can be tens of MB (limits.ts, shown on the import card). */
const IMPORT_BODY_LIMIT = MAX_IMPORT_BYTES;

const t = photoTexts.archive;
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/** Writes the request's body to `file`, refusing it (413) once it is bigger than `limit` bytes. */
async function saveBody(body: unknown, file: string, limit: number): Promise<void> {
  if (!(body instanceof Readable)) throw new AppError(400, apiErrors.importFileInvalid);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      if (received > limit)
        done(new AppError(413, { ...apiErrors.importTooLarge, message: t.tooLarge(limit / 1024 / 1024) }));
      else done(null, chunk);
    },
  });
  await pipeline(body, counter, fs.createWriteStream(file));
}

/**
 * The import with photos (decision 0016). The zip's bytes arrive as the body (a raw stream, this plugin's own
 * parser, so it applies to this route alone), are written to a temporary file (the zip is read from its end),
 * imported, and the file is removed whatever happens.
 */
function importZipRoutes(): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(ZIP_TYPES, (_request, payload, done) => done(null, payload));

    serve(app, 'importZip', async ({ db, body, query }) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-import-'));
      try {
        const file = path.join(dir, 'eksport.zip');
        await saveBody(body, file, MAX_IMPORT_ZIP_BYTES);
        return await importZipFile(db, file, { dryRun: query.dryRun });
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  };
}

/** The shop's way into Nålepuden: our own export or the old app's, as JSON, or our export with its photos. */
export function importRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      'importData',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        config: { bodyTooDeepMessage: texts.data.fileTooDeep(MAX_IMPORT_DEPTH) },
      },
      ({ db, body, query }) => importData(db, body, { dryRun: query.dryRun }),
    );

    await app.register(importZipRoutes());
  };
}
