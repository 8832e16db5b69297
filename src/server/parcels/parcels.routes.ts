import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema } from '../../shared/schemas/api-common.ts';
import {
  labelsQuerySchema,
  parcelListSchema,
  parcelsQuerySchema,
  shipBodySchema,
  shipmentSchema,
  shipmentUndoneSchema,
  shippingCsvQuerySchema,
  testSheetQuerySchema,
} from '../../shared/schemas/api-parcels.ts';
import { texts } from '../../shared/texts.ts';
import type { ApiContext } from '../http/request-context.ts';
import { shipOrders, undoShipment } from '../orders/order-shipment.service.ts';
import { getLabelsPdf, getShippingCsv, getTestSheetPdf, listParcels } from './parcels.service.ts';

const p = texts.parcels;

/** A file to save: never cached (it holds addresses), always a download. */
const download = (type: string, fileName: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/**
 * Pakker (issue 31): the orders that wait to be sent with their addresses, the labels (PDF), a test sheet, the
 * shipping file (CSV), 'Markér som sendt' and its 'Fortryd'. The files are GET links: a download in every
 * browser, the session cookie going along.
 */
export function parcelRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.parcels.path,
      {
        config: { versionedBy: ['orders', 'customers', 'shop_settings'] },
        schema: {
          querystring: parcelsQuerySchema,
          response: { 200: parcelListSchema, 400: apiErrorSchema },
        },
      },
      (request) => listParcels(ctx.db, request.query.status),
    );

    app.get(
      apiRoutes.labelsPdf.path,
      { schema: { querystring: labelsQuerySchema } },
      async (request, reply) => {
        const pdf = await getLabelsPdf(ctx.db, request.query);
        return reply.headers(download('application/pdf', p.pdfFile)).send(pdf);
      },
    );

    app.get(
      apiRoutes.testSheetPdf.path,
      { schema: { querystring: testSheetQuerySchema } },
      async (request, reply) => {
        const pdf = await getTestSheetPdf(request.query);
        return reply.headers(download('application/pdf', p.testSheetFile)).send(pdf);
      },
    );

    app.get(
      apiRoutes.shippingCsv.path,
      { schema: { querystring: shippingCsvQuerySchema } },
      async (request, reply) => {
        const csv = await getShippingCsv(ctx.db, request.query.orders);
        return reply.headers(download('text/csv; charset=utf-8', p.csvFile)).send(csv);
      },
    );

    // Changes many orders at once: run once per Idempotency-Key, so a repeated tap or a lost answer gives the
    // first shipment (and its id for 'Fortryd') back.
    app.post(
      apiRoutes.shipParcels.path,
      {
        config: { idempotent: 'header' },
        schema: {
          headers: idempotencyHeadersSchema,
          body: shipBodySchema,
          response: { 200: shipmentSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => shipOrders(request.db, request.body.orderIds),
    );

    // Repeat-safe by itself: a second undo finds the orders set back by it, changes nothing, answers the same.
    app.post(
      apiRoutes.undoShipment.path,
      {
        config: { idempotent: false },
        schema: {
          params: z.object({ id: z.string().max(100) }),
          response: { 200: shipmentUndoneSchema, 409: apiErrorSchema },
        },
      },
      (request) => undoShipment(ctx.db, request.params.id),
    );
  };
}
