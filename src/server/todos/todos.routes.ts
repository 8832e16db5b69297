import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiRoutes } from '../../shared/api/routes.ts';
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
import type { ApiContext } from '../http/request-context.ts';
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
      apiRoutes.todos.path,
      {
        config: { versionedBy: ['todos'] },
        schema: { response: { 200: todoListSchema } },
      },
      () => listTodoItems(ctx.db),
    );

    // The todo page's first screenful, whole todos: it reads the beads and customers too.
    app.get(
      apiRoutes.firstTodos.path,
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
      apiRoutes.addTodo.path,
      {
        config: { idempotent: 'header' },
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
      (request, reply) => {
        reply.code(201);
        return createTodo(request.db, request.body);
      },
    );

    app.patch(
      apiRoutes.updateTodo.path,
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
      apiRoutes.deleteTodo.path,
      { schema: { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } } },
      async (request, reply) => {
        await deleteTodo(ctx.db, request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      apiRoutes.completeTodo.path,
      {
        // The key is in the body (required); an Idempotency-Key header, when sent too, must be the same key.
        config: { idempotent: 'body' },
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
      (request) => completeTodo(request.db, request.params.id, request.body),
    );
  };
}
