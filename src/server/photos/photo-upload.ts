/**
 * Reading an upload of bead photos (decision 0016): a multipart/form-data body streamed by @fastify/multipart
 * with its limits (at most 6 files of at most 15 MB each, no other fields worth keeping), each file made into
 * its two WebP versions as it arrives (photo-pipeline.ts). It is the upload route's prepare step (serve()):
 * it runs after the session check and before serve() opens the transaction that claims the idempotency key,
 * so the slow part (the network and the decoding) holds no transaction: SQLite has one writer, and the shop
 * must not wait for a phone's upload.
 *
 * What it gives: the processed photos, which the handler gets as `prepared`; their ids and sizes are the
 * key's fingerprint, so a repeated Idempotency-Key with other photos is told apart. Every refusal is Danish:
 * the multipart plugin's own limits are mapped here.
 */
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_BEAD } from '../../shared/domain/limits.ts';
import { apiErrors } from '../../shared/schemas/api-errors.ts';
import { invalidError } from '../errors.ts';
import { AppError } from '../http/errors.ts';
import type { PrepareStep } from '../http/serve.ts';
import { type ProcessedPhoto, processPhoto } from './photo-pipeline.ts';

/** @fastify/multipart's limits for the upload route: the files, and little room for anything else. */
export const PHOTO_UPLOAD_LIMITS = {
  fileSize: MAX_PHOTO_BYTES,
  files: MAX_PHOTOS_PER_BEAD,
  fields: 10,
  fieldSize: 1024,
  parts: MAX_PHOTOS_PER_BEAD + 10,
  headerPairs: 100,
} as const;

/** The multipart plugin's refusals (FST_… codes) in Danish, with their status. */
function refusalOf(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(413, apiErrors.photoTooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError(413, apiErrors.photoTooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, apiErrors.photoTooManyParts);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PROTO_VIOLATION':
      return new AppError(400, apiErrors.photoNotMultipart);
    default:
      return undefined;
  }
}

/** Reads and processes every file of the upload, or refuses the whole upload. */
async function readPhotoUpload(request: FastifyRequest): Promise<ProcessedPhoto[]> {
  if (!request.isMultipart()) throw new AppError(400, apiErrors.photoNotMultipart);
  const photos: ProcessedPhoto[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      photos.push(await processPhoto(() => part.toBuffer()));
    }
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  if (photos.length === 0) throw invalidError(apiErrors.photoNoFile);
  return photos;
}

/** The upload route's prepare step: the photos, fingerprinted by their ids and sizes (not their bytes). */
export const photoUpload: PrepareStep<ProcessedPhoto[]> = {
  read: readPhotoUpload,
  fingerprint: (photos) => ({ photos: photos.map(({ id, width, height }) => ({ id, width, height })) }),
};
