import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type {
  CompleteTodoResult,
  CreateTodoResult,
  Todo,
  TodoListItem,
} from '../../shared/schemas/api-todos.ts';
import type { BeadPrice } from '../../shared/schemas/bead.ts';
import type { TodoCreate } from '../../shared/schemas/todo.ts';
import { apiDelete, apiGet, apiPost } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { useBeads } from './beads.ts';
import { customerKeys, useCustomers } from './customers.ts';
import { keyRoots, refresh, refreshAfter } from './refresh.ts';
import { joinTodos } from './todo-join.ts';

export const todoKeys = { all: keyRoots.todos };

const todoUrl = (id: string) => `/api/todos/${encodeURIComponent(id)}`;

export const todoItemsQuery = { queryKey: todoKeys.all, queryFn: () => apiGet<TodoListItem[]>('/api/todos') };

/** The todo list as the screens use it: pending, failed, or every todo with its bead and customer. */
export type TodoListState = { refetch: () => Promise<unknown> } & (
  | { isPending: true; isError: false; isSuccess: false; data: undefined; error: null }
  | { isPending: false; isError: true; isSuccess: false; data: undefined; error: Error }
  | { isPending: false; isError: false; isSuccess: true; data: Todo[]; error: null }
);

/**
 * GET /api/todos gives ids and amounts; the beads and customers come from their own cached lists and are
 * joined here, once per change of any of the three (todo-join.ts).
 */
export function useTodos(): TodoListState {
  const items = useQuery(todoItemsQuery);
  const beads = useBeads();
  const customers = useCustomers();
  const data = useMemo(
    () =>
      items.data && beads.data && customers.data
        ? joinTodos(items.data, beads.data, customers.data)
        : undefined,
    [items.data, beads.data, customers.data],
  );
  const refetch = useCallback(
    () => Promise.all([items.refetch(), beads.refetch(), customers.refetch()]),
    [items.refetch, beads.refetch, customers.refetch],
  );
  const failed = [items, beads, customers].find((query) => query.isError)?.error;
  if (data) return { isPending: false, isError: false, isSuccess: true, data, error: null, refetch };
  if (failed)
    return { isPending: false, isError: true, isSuccess: false, data: undefined, error: failed, refetch };
  return { isPending: true, isError: false, isSuccess: false, data: undefined, error: null, refetch };
}

/** POST /api/todos: the server merges a todo for the same bead and customer into the existing one. */
export function useAddTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: Keyed<TodoCreate>) =>
      apiPost<CreateTodoResult>('/api/todos', body, { idempotencyKey }),
    onSuccess: () => refresh(queryClient, refreshAfter.addTodo),
  });
}

/** Takes the todo out of every cached list at once, so the row disappears before the refetch lands. */
function forgetTodo(queryClient: QueryClient, todo: Todo) {
  queryClient.setQueryData<TodoListItem[]>(todoKeys.all, (list) =>
    list?.filter((item) => item.id !== todo.id),
  );
  if (todo.customerId) {
    queryClient.setQueryData<CustomerDetail>(customerKeys.detail(todo.customerId), (detail) =>
      detail ? { ...detail, todos: detail.todos.filter((item) => item.id !== todo.id) } : detail,
    );
  }
}

export type CompleteTodo = { todo: Todo; idempotencyKey: string; price?: BeadPrice };

/**
 * POST /api/todos/:id/complete, the server's one-transaction completion; `price` first sets a 0-kr bead's
 * price. The key goes in the body and, like every other create, in the header (the server wants both to agree).
 */
export function useCompleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ todo, idempotencyKey, price }: CompleteTodo) =>
      apiPost<CompleteTodoResult>(
        `${todoUrl(todo.id)}/complete`,
        { idempotencyKey, ...(price ? { priceOre: price.priceOre, saleType: price.saleType } : {}) },
        { idempotencyKey },
      ),
    onSuccess: (_, { todo }) => {
      forgetTodo(queryClient, todo);
      void refresh(queryClient, refreshAfter.completeTodo);
    },
  });
}

/** DELETE /api/todos/:id. */
export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: Todo) => apiDelete<void>(todoUrl(todo.id)),
    onSuccess: (_, todo) => {
      forgetTodo(queryClient, todo);
      void refresh(queryClient, refreshAfter.deleteTodo);
    },
  });
}

/** For a todo the server no longer knows: refreshes what its completion or deletion changed. */
export function useRefreshGoneTodo() {
  const queryClient = useQueryClient();
  return useCallback(() => void refresh(queryClient, refreshAfter.todoGone), [queryClient]);
}
