import type { FastifyPluginAsync } from 'fastify';
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
import { serve } from '../http/serve.ts';
import {
  completeTodo,
  createTodo,
  deleteTodo,
  listFirstTodos,
  listTodoItems,
  updateTodo,
} from './todos.service.ts';

export function todoRoutes(): FastifyPluginAsync {
  return async (app) => {
    serve(app, apiRoutes.todos, { response: { 200: todoListSchema } }, ({ db }) => listTodoItems(db));

    // The todo page's first screenful, whole todos: it reads the beads and customers too.
    serve(
      app,
      apiRoutes.firstTodos,
      {
        query: todoFirstScreenQuerySchema,
        response: { 200: todoFirstScreenSchema, 400: apiErrorSchema },
      },
      ({ db, query }) => listFirstTodos(db, query.limit),
    );

    serve(
      app,
      apiRoutes.addTodo,
      {
        config: { idempotent: 'header' },
        headers: idempotencyHeadersSchema,
        body: todoCreateSchema,
        response: {
          201: createTodoResultSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      ({ db, body, reply }) => {
        reply.code(201);
        return createTodo(db, body);
      },
    );

    serve(
      app,
      apiRoutes.updateTodo,
      {
        params: idParamsSchema,
        body: todoUpdateSchema,
        response: { 200: todoSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
      ({ db, params, body }) => updateTodo(db, params.id, body),
    );

    serve(
      app,
      apiRoutes.deleteTodo,
      { params: idParamsSchema, response: { 204: z.null(), 404: apiErrorSchema } },
      async ({ db, params, reply }) => {
        await deleteTodo(db, params.id);
        return reply.status(204).send(null);
      },
    );

    serve(
      app,
      apiRoutes.completeTodo,
      {
        // The key is in the body (required); an Idempotency-Key header, when sent too, must be the same key.
        config: { idempotent: 'body' },
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
      ({ db, params, body }) => completeTodo(db, params.id, body),
    );
  };
}
