import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../http/serve.ts';
import { getOrderHistory, listOrdersShippedBetween } from './order-history.service.ts';
import {
  addLineToActiveOrder,
  deleteOrderLine,
  getBillText,
  getOrCreateActiveOrder,
  getOrder,
  listOpenOrdersPriced,
  updateOrder,
} from './orders.service.ts';

export function orderRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'openOrders', ({ db }) => listOpenOrdersPriced(db));

    // The month's shipped orders (Ordrer's 'Afsendt i denne måned'), by the time they were shipped.
    serve(app, 'shippedOrders', ({ db, query }) => listOrdersShippedBetween(db, query.from, query.until));

    // Each status and home delivery change with its time (every such change writes the orders table).
    serve(app, 'orderHistory', ({ db, params }) => getOrderHistory(db, params.id));

    serve(app, 'order', ({ db, params }) => getOrder(db, params.id));

    serve(app, 'updateOrder', ({ db, params, body }) => updateOrder(db, params.id, body));

    serve(app, 'billText', async ({ db, params, user }) => ({
      text: await getBillText(db, params.id, user?.name),
    }));

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
  };
}
