import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  billTextSchema,
  orderListQuerySchema,
  orderListSchema,
  orderSchema,
} from '../../shared/schemas/api-orders.ts';
import { orderUpdateSchema } from '../../shared/schemas/order.ts';
import { orderLineCreateSchema } from '../../shared/schemas/order-line.ts';
import type { ApiContext } from '../http/request-context.ts';
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
      '/api/orders',
      { schema: { querystring: orderListQuerySchema, response: { 200: orderListSchema } } },
      () => listOpenOrdersPriced(ctx.db),
    );

    app.get(
      '/api/orders/:id',
      { schema: { params: idParamsSchema, response: { 200: orderSchema, 404: apiErrorSchema } } },
      (request) => getOrder(ctx.db, request.params.id),
    );

    app.patch(
      '/api/orders/:id',
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
      '/api/orders/:id/bill-text',
      { schema: { params: idParamsSchema, response: { 200: billTextSchema, 404: apiErrorSchema } } },
      async (request) => ({ text: await getBillText(ctx.db, request.params.id, request.user?.name) }),
    );

    app.post(
      '/api/customers/:id/active-order',
      {
        schema: {
          params: idParamsSchema,
          response: { 200: orderSchema, 201: orderSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { order, created } = await getOrCreateActiveOrder(ctx.db, request.params.id);
        return reply.status(created ? 201 : 200).send(order);
      },
    );

    app.post(
      '/api/customers/:id/lines',
      {
        schema: {
          params: idParamsSchema,
          body: orderLineCreateSchema,
          response: { 201: orderSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addLineToActiveOrder(ctx.db, request.params.id, request.body)),
    );

    app.delete(
      '/api/order-lines/:id',
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
