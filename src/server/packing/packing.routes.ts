import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { ApiContext } from '../http/request-context.ts';
import { getPickList, listOrdersToPack, setLinePacked } from './packing.service.ts';

/** Pakning (issue 15): the orders to pack a page at a time, the summed pick list, a tick per line. */
export function packingRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.packingOrders.path,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] },
        schema: {
          querystring: packingOrdersQuerySchema,
          response: { 200: packingPageSchema, 400: apiErrorSchema },
        },
      },
      (request) => listOrdersToPack(ctx.db, request.query),
    );

    app.get(
      apiRoutes.pickList.path,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers'] },
        schema: { response: { 200: pickListSchema } },
      },
      () => getPickList(ctx.db),
    );

    // Absolute (ticked or not), so a repeat is harmless: no Idempotency-Key needed.
    app.put(
      apiRoutes.linePacked.path,
      {
        schema: {
          params: linePackedParamsSchema,
          body: linePackedBodySchema,
          response: { 200: linePackedSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => setLinePacked(ctx.db, request.params.id, request.params.lineId, request.body.packed),
    );
  };
}
