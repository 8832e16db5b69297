import type { FastifyPluginAsync } from 'fastify';
import { texts } from '../../shared/texts.ts';
import { serve } from '../http/serve.ts';
import { shipOrders, undoShipment } from '../orders/order-shipment.service.ts';
import {
  getLabelsPdf,
  getShippingCsv,
  getTestSheetPdf,
  importTrackingNumbers,
  listParcels,
} from './parcels.service.ts';

const p = texts.parcels;

/** A file to save: never cached (it holds addresses), always a download. */
const download = (type: string, fileName: string) => ({
  'content-type': type,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

/**
 * Pakker: the orders that wait to be sent with their addresses, the labels (PDF), a test sheet, the
 * shipping file (CSV), 'Markér som sendt' and its 'Fortryd'. The files are GET links: a download in every
 * browser, the session cookie going along.
 */
export function parcelRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'parcels', ({ db, query }) => listParcels(db, query.status));

    serve(app, 'labelsPdf', async ({ db, query, reply }) => {
      const pdf = await getLabelsPdf(db, query);
      return reply.headers(download('application/pdf', p.pdfFile)).send(pdf);
    });

    serve(app, 'testSheetPdf', async ({ query, reply }) => {
      const pdf = await getTestSheetPdf(query);
      return reply.headers(download('application/pdf', p.testSheetFile)).send(pdf);
    });

    serve(app, 'shippingCsv', async ({ db, query, reply }) => {
      const csv = await getShippingCsv(db, query.orders);
      return reply.headers(download('text/csv; charset=utf-8', p.csvFile)).send(csv);
    });

    // Changes many orders at once: run once per Idempotency-Key, so a repeated tap or a lost answer gives the
    // first shipment (and its id for 'Fortryd') back.
    serve(app, 'shipParcels', ({ db, body }) => shipOrders(db, body.orderIds));

    // Repeat-safe by itself: a second undo finds the orders set back by it, changes nothing, answers the same.
    serve(app, 'undoShipment', ({ db, params }) => undoShipment(db, params.id));

    // The shipping service's export: Pakkenumre by the reference our shipping file wrote (absolute values, so a
    // repeat writes the same again).
    serve(app, 'importTrackingNumbers', ({ db, body }) => importTrackingNumbers(db, body.csv));
  };
}
