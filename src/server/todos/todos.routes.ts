import type { FastifyPluginAsync } from 'fastify';
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
    serve(app, 'todos', ({ db }) => listTodoItems(db));

    // The todo page's first screenful, whole todos: it reads the beads and customers too.
    serve(app, 'firstTodos', ({ db, query }) => listFirstTodos(db, query.limit));

    serve(app, 'addTodo', ({ db, body, reply }) => {
      reply.code(201);
      return createTodo(db, body);
    });

    serve(app, 'updateTodo', ({ db, params, body }) => updateTodo(db, params.id, body));

    serve(app, 'deleteTodo', async ({ db, params, reply }) => {
      await deleteTodo(db, params.id);
      return reply.status(204).send(null);
    });

    serve(app, 'completeTodo', ({ db, params, body }) => completeTodo(db, params.id, body));
  };
}
