import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  beadPhotoParamsSchema,
  beadPhotosSchema,
  photoFileParamsSchema,
  photoOrderSchema,
} from '../../shared/schemas/api-photos.ts';
import type { ApiContext } from '../http/request-context.ts';
import { PHOTO_UPLOAD_LIMITS, readPhotoUpload, uploadedPhotos } from './photo-upload.ts';
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
 * Bead photos (decision 0016): the upload (multipart, read and processed before the idempotent handler runs),
 * "Slet foto" and its "Fortryd", the order, and the pictures themselves. Registered inside the shop plugin, so
 * every route needs a session, the photo URLs too: the photos are the shop's, never public.
 */
export function photoRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only this plugin parses multipart bodies, with the upload's limits.
    await app.register(fastifyMultipart, { limits: PHOTO_UPLOAD_LIMITS, throwFileSizeLimit: true });

    app.post(
      apiRoutes.addBeadPhotos.path,
      {
        config: { idempotent: 'header' },
        preHandler: readPhotoUpload,
        schema: {
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          response: { ...photoAnswers, 201: beadPhotosSchema, 413: apiErrorSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        return addBeadPhotos(request.db, request.params.id, uploadedPhotos(request));
      },
    );

    app.delete(
      apiRoutes.deleteBeadPhoto.path,
      { schema: { params: beadPhotoParamsSchema, response: photoAnswers } },
      (request) => removeBeadPhoto(ctx.db, request.params.id, request.params.photoId),
    );

    app.post(
      apiRoutes.restoreBeadPhoto.path,
      // Not a create: it sets the photo back on the bead, and a repeat finds it there.
      { config: { idempotent: false }, schema: { params: beadPhotoParamsSchema, response: photoAnswers } },
      (request) => restoreBeadPhoto(ctx.db, request.params.id, request.params.photoId),
    );

    app.put(
      apiRoutes.orderBeadPhotos.path,
      { schema: { params: idParamsSchema, body: photoOrderSchema, response: photoAnswers } },
      (request) => orderBeadPhotos(ctx.db, request.params.id, request.body.photoIds),
    );

    app.get(apiRoutes.photo.path, { schema: { params: photoFileParamsSchema } }, async (request, reply) => {
      const { photoId, size } = request.params;
      const bytes = await photoFile(ctx.db, photoId, size);
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
