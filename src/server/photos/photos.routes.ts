import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { PHOTO_UPLOAD_LIMITS, photoUpload } from './photo-upload.ts';
import {
  addBeadPhotos,
  orderBeadPhotos,
  photoFile,
  removeBeadPhoto,
  restoreBeadPhoto,
} from './photos.service.ts';

/** A photo's URL names its content, so its answer never changes: the browser keeps it for a year. */
const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/**
 * Bead photos (decision 0016): the upload (multipart, read and processed by its prepare step before the
 * transaction that claims its key opens), "Slet foto" and its "Fortryd", the order, and the pictures
 * themselves. Registered inside the shop plugin, so every route needs a session, the photo URLs too: the
 * photos are the shop's, never public.
 */
export function photoRoutes(): FastifyPluginAsync {
  return async (app) => {
    // Only this plugin parses multipart bodies, with the upload's limits.
    await app.register(fastifyMultipart, { limits: PHOTO_UPLOAD_LIMITS, throwFileSizeLimit: true });

    serve(app, 'addBeadPhotos', { prepare: photoUpload }, async ({ db, params, prepared, reply }) => {
      reply.code(201);
      return addBeadPhotos(db, params.id, prepared);
    });

    serve(app, 'deleteBeadPhoto', ({ db, params }) => removeBeadPhoto(db, params.id, params.photoId));

    serve(app, 'restoreBeadPhoto', ({ db, params }) => restoreBeadPhoto(db, params.id, params.photoId));

    serve(app, 'orderBeadPhotos', ({ db, params, body }) => orderBeadPhotos(db, params.id, body.photoIds));

    serve(app, 'photo', async ({ db, params, reply }) => {
      const { photoId, size } = params;
      const bytes = await photoFile(db, photoId, size);
      reply.header('cache-control', PHOTO_CACHE_CONTROL);
      if (size === 'jpeg') {
        return reply
          .type('image/jpeg')
          .header('content-disposition', `inline; filename="perle-${photoId}.jpg"`)
          .send(bytes);
      }
      return reply.type('image/webp').send(bytes);
    });
  };
}
