import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema } from '../../shared/schemas/api-common.ts';
import {
  linePackedBodySchema,
  linePackedParamsSchema,
  linePackedSchema,
  packingOrdersQuerySchema,
  packingPageSchema,
  pickListSchema,
} from '../../shared/schemas/api-packing.ts';
import { serve } from '../http/serve.ts';
import { getPickList, listOrdersToPack, setLinePacked } from './packing.service.ts';

/** Pakning: the orders to pack a page at a time, the summed pick list, a tick per line. */
export function packingRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(
      app,
      apiRoutes.packingOrders,
      {
        query: packingOrdersQuerySchema,
        response: { 200: packingPageSchema, 400: apiErrorSchema },
      },
      ({ db, query }) => listOrdersToPack(db, query),
    );

    serve(
      app,
      apiRoutes.pickList,
      {
        response: { 200: pickListSchema },
      },
      ({ db }) => getPickList(db),
    );

    // Absolute (ticked or not), so a repeat is harmless: no Idempotency-Key needed.
    serve(
      app,
      apiRoutes.linePacked,
      {
        params: linePackedParamsSchema,
        body: linePackedBodySchema,
        response: { 200: linePackedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      ({ db, params, body }) => setLinePacked(db, params.id, params.lineId, body.packed),
    );
  };
}
