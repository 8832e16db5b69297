import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getBillText, sendBill } from './bill-text.service.ts';
import { createCreditNote } from './credit-notes.service.ts';
import { getOrderHistory, listOrdersShippedBetween } from './order-history.service.ts';
import { updateOrder } from './order-status.service.ts';
import { setTrackingNumber } from './order-tracking.service.ts';
import {
  addLineToActiveOrder,
  deleteOrderLine,
  getOrCreateActiveOrder,
  getOrder,
  listOpenOrdersPriced,
} from './orders.service.ts';
import { deletePayment, registerPayment, restorePayment } from './payments.service.ts';

export function orderRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'openOrders', ({ db }) => listOpenOrdersPriced(db));

    // The month's shipped orders (Ordrer's 'Afsendt i denne måned'), by the time they were shipped.
    serve(app, 'shippedOrders', ({ db, query }) => listOrdersShippedBetween(db, query.from, query.until));

    // Each status and home delivery change with its time (every such change writes the orders table).
    serve(app, 'orderHistory', ({ db, params }) => getOrderHistory(db, params.id));

    serve(app, 'order', ({ db, params }) => getOrder(db, params.id));

    serve(app, 'updateOrder', ({ db, params, body }) => updateOrder(db, params.id, body));

    // 'Pakkenummer': the one thing a shipped order still takes (docs/product/messages.md#texts-that-go-out).
    serve(app, 'setTrackingNumber', ({ db, params, body }) =>
      setTrackingNumber(db, params.id, body.trackingNumber),
    );

    serve(app, 'billText', async ({ db, params, user }) => {
      const [text, order] = await Promise.all([
        getBillText(db, params.id, user?.name),
        getOrder(db, params.id),
      ]);
      return { text, number: order.billState === 'billed' ? order.number : null };
    });

    // 'Kopiér Regningstekst' and 'Del': the bill she sends carries its number, so sending it bills the order.
    serve(app, 'sendBill', ({ db, params, user }) => sendBill(db, params.id, user?.name));

    serve(app, 'activeOrder', async ({ db, params, reply }) => {
      const { order, created } = await getOrCreateActiveOrder(db, params.id);
      reply.code(created ? 201 : 200);
      return order;
    });

    serve(app, 'addLine', ({ db, params, body, reply }) => {
      reply.code(201);
      return addLineToActiveOrder(db, params.id, body);
    });

    serve(app, 'deleteLine', ({ db, params }) => deleteOrderLine(db, params.id));

    // Penge (docs/product/money.md): payments she records, deleting one and its 'Fortryd', and credit notes.
    serve(app, 'registerPayment', ({ db, params, body, reply }) => {
      reply.code(201);
      return registerPayment(db, params.id, body);
    });
    serve(app, 'deletePayment', ({ db, params }) => deletePayment(db, params.id));
    serve(app, 'restorePayment', ({ db, params }) => restorePayment(db, params.id));
    serve(app, 'createCreditNote', ({ db, params, body, reply }) => {
      reply.code(201);
      return createCreditNote(db, params.id, body);
    });
  };
}
