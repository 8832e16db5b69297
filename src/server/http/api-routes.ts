import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiContext } from './request-context.ts';

/**
 * The shop's resource routes (customers, beads, todos, orders, …). Each entry registers its routes under
 * /api; the session guard in app.ts has already refused calls without a session.
 */
export const resourceRoutes: Array<(ctx: ApiContext) => FastifyPluginAsyncZod> = [];
