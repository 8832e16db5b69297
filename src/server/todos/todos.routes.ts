import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idempotencyHeadersSchema, idParamsSchema } from '../../shared/schemas/api-common.ts';
import {
  completeTodoResultSchema,
  createTodoResultSchema,
  todoFirstScreenQuerySchema,
  todoFirstScreenSchema,
  todoListSchema,
  todoSchema,
} from '../../shared/schemas/api-todos.ts';
import { todoCompleteSchema, todoCreateSchema, todoUpdateSchema } from '../../shared/schemas/todo.ts';
import { texts } from '../../shared/texts.ts';
import { invalidError } from '../errors.ts';
import type { ApiContext } from '../http/request-context.ts';
import { idempotencyKeyOf, idempotentRequest } from '../idempotency/idempotency.service.ts';
import {
  completeTodo,
  createTodo,
  deleteTodo,
  listFirstTodos,
  listTodoItems,
  updateTodo,
} from './todos.service.ts';

export function todoRoutes(ctx: ApiContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/todos',
      {
        config: { versionedBy: ['todos'] },
        schema: { response: { 200: todoListSchema } },
      },
      () => listTodoItems(ctx.db),
    );

    // The todo page's first screenful, whole todos: it reads the beads and customers too.
    app.get(
      '/api/todos/first',
      {
        config: { versionedBy: ['todos', 'beads', 'customers'] },
        schema: {
          querystring: todoFirstScreenQuerySchema,
          response: { 200: todoFirstScreenSchema, 400: apiErrorSchema },
        },
      },
      (request) => listFirstTodos(ctx.db, request.query.limit),
    );

    app.post(
      '/api/todos',
      {
        schema: {
          headers: idempotencyHeadersSchema,
          body: todoCreateSchema,
          response: {
            201: createTodoResultSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await idempotentRequest(ctx.db, request, async (db) => ({
          status: 201 as const,
          body: await createTodo(db, request.body),
        }));
        return reply.status(answer.status).send(answer.body);
      },
    );

    app.patch(
      '/api/todos/:id',
      {
        schema: {
          params: idParamsSchema,
          body: todoUpdateSchema,
          response: { 200: todoSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      (request) => updateTodo(ctx.db, request.params.id, request.body),
    );

    app.delete(
      '/api/todos/:id',
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } } },
      async (request, reply) => {
        await deleteTodo(ctx.db, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/todos/:id/complete',
      {
        schema: {
          headers: idempotencyHeadersSchema,
          params: idParamsSchema,
          body: todoCompleteSchema,
          response: {
            200: completeTodoResultSchema,
            400: apiErrorSchema,
            404: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      (request) => {
        // The key is in the body (required); an Idempotency-Key header, when sent too, must be the same key.
        const header = idempotencyKeyOf(request);
        if (header !== undefined && header !== request.body.idempotencyKey) {
          throw invalidError({ code: 'VALIDATION', message: texts.validation.idempotencyKeyInvalid });
        }
        return completeTodo(ctx.db, request.params.id, request.body);
      },
    );
  };
}
