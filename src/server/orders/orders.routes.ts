import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes } from '../../shared/api/routes.ts';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import { orderHistorySchema, shippedOrdersQuerySchema } from '../../shared/schemas/api-order-history.ts';
import {
  billTextSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
} from '../../shared/schemas/api-orders.ts';
import { orderUpdateSchema } from '../../shared/schemas/order.ts';
import { orderLineCreateSchema } from '../../shared/schemas/order-line.ts';
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
    serve(
      app,
      apiRoutes.openOrders,
      {
        query: orderListQuerySchema,
        response: { 200: orderListSchema },
      },
      ({ db }) => listOpenOrdersPriced(db),
    );

    // The month's shipped orders (Ordrer's 'Afsendt i denne måned'), by the time they were shipped.
    serve(
      app,
      apiRoutes.shippedOrders,
      {
        query: shippedOrdersQuerySchema,
        response: { 200: orderListSchema, 400: apiErrorSchema },
      },
      ({ db, query }) => listOrdersShippedBetween(db, query.from, query.until),
    );

    // Each status and home delivery change with its time (every such change writes the orders table).
    serve(
      app,
      apiRoutes.orderHistory,
      {
        params: idParamsSchema,
        response: { 200: orderHistorySchema, 404: apiErrorSchema },
      },
      ({ db, params }) => getOrderHistory(db, params.id),
    );

    serve(
      app,
      apiRoutes.order,
      {
        params: idParamsSchema,
        response: { 200: orderSchema, 404: apiErrorSchema },
      },
      ({ db, params }) => getOrder(db, params.id),
    );

    serve(
      app,
      apiRoutes.updateOrder,
      {
        params: idParamsSchema,
        body: orderUpdateSchema,
        response: { 200: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
      ({ db, params, body }) => updateOrder(db, params.id, body),
    );

    serve(
      app,
      apiRoutes.billText,
      { params: idParamsSchema, response: { 200: billTextSchema, 404: apiErrorSchema } },
      async ({ db, params, user }) => ({ text: await getBillText(db, params.id, user?.name) }),
    );

    serve(
      app,
      apiRoutes.activeOrder,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        response: { 200: orderSchema, 201: orderSchema, 404: apiErrorSchema },
      },
      async ({ db, params, reply }) => {
        const { order, created } = await getOrCreateActiveOrder(db, params.id);
        reply.code(created ? 201 : 200);
        return order;
      },
    );

    serve(
      app,
      apiRoutes.addLine,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: orderLineCreateSchema,
        response: { 201: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
      ({ db, params, body, reply }) => {
        reply.code(201);
        return addLineToActiveOrder(db, params.id, body);
      },
    );

    serve(
      app,
      apiRoutes.deleteLine,
      { params: idParamsSchema, response: { 200: orderSchema, 404: apiErrorSchema, 409: apiErrorSchema } },
      ({ db, params }) => deleteOrderLine(db, params.id),
    );
  };
}
