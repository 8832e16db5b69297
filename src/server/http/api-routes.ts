import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { beadRoutes } from '../beads/beads.routes.ts';
import { customerRoutes } from '../customers/customers.routes.ts';
import { dataRoutes } from '../data/data.routes.ts';
import { orderRoutes } from '../orders/orders.routes.ts';
import { pillowRoutes } from '../pillow/pillow.routes.ts';
import { todoRoutes } from '../todos/todos.routes.ts';
import type { ApiContext } from './request-context.ts';

/**
 * The shop's resource routes (customers, beads, todos, orders, …). Each entry registers its routes under
 * /api; the session guard in app.ts has already refused calls without a session.
 */
export const resourceRoutes: Array<(ctx: ApiContext) => FastifyPluginAsyncZod> = [
  customerRoutes,
  beadRoutes,
  todoRoutes,
  orderRoutes,
  pillowRoutes,
  dataRoutes,
];
