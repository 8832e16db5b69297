import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import type { ApiContext } from '../http/request-context.ts';
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

export function orderRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiRoutes.openOrders.path,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] },
        schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } },
      },
      () => listOpenOrdersPriced(ctx.db),
    );

    // The month's shipped orders (Ordrer's 'Afsendt i denne måned'), by the time they were shipped.
    app.get(
      apiRoutes.shippedOrders.path,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] },
        schema: {
          querystring: shippedOrdersQuerySchema,
          response: { 200: orderListSchema, 400: apiErrorSchema },
        },
      },
      (request) => listOrdersShippedBetween(ctx.db, request.query.from, request.query.until),
    );

    // Each status and home delivery change with its time (every such change writes the orders table).
    app.get(
      apiRoutes.orderHistory.path,
      {
        config: { versionedBy: ['orders'] },
        schema: { params: idParamsSchema, response: { 200: orderHistorySchema, 404: apiErrorSchema } },
      },
      (request) => getOrderHistory(ctx.db, request.params.id),
    );

    app.get(
      apiRoutes.order.path,
      {
        config: { versionedBy: ['orders', 'order_lines', 'beads', 'customers', 'shop_settings'] },
        schema: { params: idParamsSchema, response: { 200: orderSchema, 404: apiErrorSchema } },
      },
      (request) => getOrder(ctx.db, request.params.id),
    );

    app.patch(
      apiRoutes.updateOrder.path,
      {
        schema: {
          params: idParamsSchema,
          body: orderUpdateSchema,
          response: { 200: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => updateOrder(ctx.db, request.params.id, request.body),
    );

    app.get(
      apiRoutes.billText.path,
      { schema: { params: idParamsSchema, response: { 200: billTextSchema, 404: apiErrorSchema } } },
      async (request) => ({ text: await getBillText(ctx.db, request.params.id, request.user?.name) }),
    );

    app.post(
      apiRoutes.activeOrder.path,
      {
        config: { idempotent: 'header' },
        schema: {
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          response: { 200: orderSchema, 201: orderSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { order, created } = await getOrCreateActiveOrder(request.db, request.params.id);
        reply.code(created ? 201 : 200);
        return order;
      },
    );

    app.post(
      apiRoutes.addLine.path,
      {
        config: { idempotent: 'header' },
        schema: {
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          body: orderLineCreateSchema,
          response: { 201: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request, reply) => {
        reply.code(201);
        return addLineToActiveOrder(request.db, request.params.id, request.body);
      },
    );

    app.delete(
      apiRoutes.deleteLine.path,
      {
        schema: {
          params: idParamsSchema,
          response: { 200: orderSchema, 404: apiErrorSchema, 409: apiErrorSchema },
        },
      },
      (request) => deleteOrderLine(ctx.db, request.params.id),
    );
  };
}
