import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  beadPhotoParamsSchema,
  beadPhotosSchema,
  photoFileParamsSchema,
  photoOrderSchema,
} from '../../shared/schemas/api-photos.ts';
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

const photoAnswers = { 200: beadPhotosSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

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

    serve(
      app,
      apiRoutes.addBeadPhotos,
      {
        config: { idempotent: 'header' },
        prepare: photoUpload,
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { ...photoAnswers, 201: beadPhotosSchema, 413: apiErrorSchema },
      },
      async ({ db, params, prepared, reply }) => {
        reply.code(201);
        return addBeadPhotos(db, params.id, prepared);
      },
    );

    serve(
      app,
      apiRoutes.deleteBeadPhoto,
      { params: beadPhotoParamsSchema, response: photoAnswers },
      ({ db, params }) => removeBeadPhoto(db, params.id, params.photoId),
    );

    serve(
      app,
      apiRoutes.restoreBeadPhoto,
      // Not a create: it sets the photo back on the bead, and a repeat finds it there.
      { config: { idempotent: false }, params: beadPhotoParamsSchema, response: photoAnswers },
      ({ db, params }) => restoreBeadPhoto(db, params.id, params.photoId),
    );

    serve(
      app,
      apiRoutes.orderBeadPhotos,
      { params: idParamsSchema, body: photoOrderSchema, response: photoAnswers },
      ({ db, params, body }) => orderBeadPhotos(db, params.id, body.photoIds),
    );

    serve(app, apiRoutes.photo, { params: photoFileParamsSchema }, async ({ db, params, reply }) => {
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
