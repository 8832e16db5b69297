import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiRoutes } from '../../shared/api/routes.ts';
import { FIRST_SCREEN_TODOS } from '../../shared/domain/limits.ts';
import type { CustomerDetail } from '../../shared/schemas/api-customers.ts';
import type {
  CompleteTodoResult,
  CreateTodoResult,
  Todo,
  TodoFirstScreen,
  TodoListItem,
} from '../../shared/schemas/api-todos.ts';
import type { BeadPrice } from '../../shared/schemas/bead.ts';
import type { TodoCreate } from '../../shared/schemas/todo.ts';
import { call } from '../lib/api.ts';
import type { Keyed } from '../lib/idempotency.ts';
import { registerOfflineWrite, sendOrQueue } from '../lib/offline-writes.ts';
import { useBeads } from './beads.ts';
import { customerKeys, useArchivedCustomers, useCustomers } from './customers.ts';
import { keyOf, queryOf, routeKey } from './query.ts';
import { refreshAfter } from './refresh.ts';
import { joinTodos } from './todo-join.ts';

export const todoKeys = {
  /** The whole list (apiRoutes.todos). */
  all: keyOf(apiRoutes.todos),
  /** Every first screenful, whatever its length. */
  firstScreens: routeKey(apiRoutes.firstTodos),
};

export const todoItemsQuery = queryOf(apiRoutes.todos);

/**
 * The todo page's first screenful (apiRoutes.firstTodos): whole todos and the total, a few kB, so the page
 * shows rows long before the three whole lists it joins have arrived. Prefetched at start for '/todos'.
 */
export const todoFirstScreenQuery = queryOf(apiRoutes.firstTodos, { query: { limit: FIRST_SCREEN_TODOS } });

/** Every todo with its bead and customer once the three lists are there; the first error if one failed. */
type TodoList = { data: Todo[] | undefined; error: Error | undefined; refetch: () => Promise<unknown> };

/**
 * apiRoutes.todos gives ids and amounts; the beads and customers come from their own cached lists and are
 * joined here, once per change of any of the three (todo-join.ts).
 */
function useTodos({ enabled = true }: { enabled?: boolean } = {}): TodoList {
  const items = useQuery({ ...todoItemsQuery, enabled });
  const beads = useBeads({ enabled });
  const customers = useCustomers({ enabled });
  // An archived customer is not in the list, but her todos still name her: the archived list is asked for
  // only when a todo's customer is missing from the list.
  const needsArchived = useMemo(() => {
    if (!items.data || !customers.data) return false;
    const listed = new Set(customers.data.map((customer) => customer.id));
    return items.data.some((item) => item.customerId !== null && !listed.has(item.customerId));
  }, [items.data, customers.data]);
  const archived = useArchivedCustomers({ enabled: enabled && needsArchived });
  const archivedSettled = !needsArchived || archived.isSuccess || archived.isError;
  const data = useMemo(
    () =>
      items.data && beads.data && customers.data && archivedSettled
        ? joinTodos(items.data, beads.data, [...customers.data, ...(archived.data ?? [])])
        : undefined,
    [items.data, beads.data, customers.data, archivedSettled, archived.data],
  );
  const refetch = useCallback(
    () => Promise.all([items.refetch(), beads.refetch(), customers.refetch()]),
    [items.refetch, beads.refetch, customers.refetch],
  );
  const error = [items, beads, customers].find((query) => query.isError)?.error ?? undefined;
  return { data, error, refetch };
}

/**
 * The todo page's list, first screen first: pending, failed, or todos to show. `complete` says whether `data`
 * is every todo (the joined whole list, or a first screen that already holds all of them) or only the first
 * screenful while the three whole lists are on their way; `total` is the number of todos either way.
 */
export type TodoPageState = { refetch: () => Promise<unknown> } & (
  | { status: 'pending' }
  | { status: 'error'; error: Error }
  | { status: 'ready'; data: Todo[]; total: number; complete: boolean }
);

/**
 * useTodos, but showing apiRoutes.firstTodos' rows until the joined whole list is there. The whole lists
 * (about 430 kB on a big shop) are asked for only once the first screen has arrived and been painted: on a
 * slow line they would otherwise share it with the few kB the first screen needs. The first screen is only
 * an early view: not retried (a failure means waiting for the whole list), not asked for once the whole
 * list is cached. A failed whole list is an error even with the first rows shown.
 */
export function useTodosFirstScreenFirst(): TodoPageState {
  const [fullWanted, setFullWanted] = useState(false);
  const full = useTodos({ enabled: fullWanted });
  const first = useQuery({ ...todoFirstScreenQuery, enabled: !full.data, retry: false });
  const firstSettled = first.status !== 'pending' || first.fetchStatus === 'idle';
  useEffect(() => {
    if (fullWanted || !firstSettled) return;
    // After the frame that shows the first rows.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setFullWanted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [fullWanted, firstSettled]);

  const { refetch } = full;
  if (full.data)
    return { status: 'ready', data: full.data, total: full.data.length, complete: true, refetch };
  if (full.error) return { status: 'error', error: full.error, refetch };
  if (first.data) {
    const { todos, total } = first.data;
    return { status: 'ready', data: todos, total, complete: todos.length >= total, refetch };
  }
  return { status: 'pending', refetch };
}

/** Takes the todo out of every cached list at once, so the row disappears before the refetch lands. */
function forgetTodo(queryClient: QueryClient, todo: Todo) {
  queryClient.setQueryData<TodoListItem[]>(todoKeys.all, (list) =>
    list?.filter((item) => item.id !== todo.id),
  );
  queryClient.setQueriesData<TodoFirstScreen>({ queryKey: todoKeys.firstScreens }, (screen) =>
    screen?.todos.some((item) => item.id === todo.id)
      ? { todos: screen.todos.filter((item) => item.id !== todo.id), total: screen.total - 1 }
      : screen,
  );
  if (todo.customerId) {
    queryClient.setQueryData<CustomerDetail>(customerKeys.detail(todo.customerId), (detail) =>
      detail ? { ...detail, todos: detail.todos.filter((item) => item.id !== todo.id) } : detail,
    );
  }
}

export type CompleteTodo = { todo: Todo; idempotencyKey: string; price?: BeadPrice };

/** The mutation names of the todo writes that work offline (lib/offline-writes.ts). */
const todoWrites = { add: 'add-todo', complete: 'complete-todo' } as const;
const registered = new WeakSet<QueryClient>();

/** Adding and completing todos work offline; registered at start (main.tsx) and by their hooks. */
export function registerTodoWrites(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return;
  registered.add(queryClient);
  registerOfflineWrite<CreateTodoResult, Keyed<TodoCreate>>(queryClient, todoWrites.add, {
    mutationFn: ({ body, idempotencyKey }) => call(apiRoutes.addTodo, { body }, { idempotencyKey }),
    onSuccess: (client) => refreshAfter(client, apiRoutes.addTodo),
  });
  registerOfflineWrite<CompleteTodoResult, CompleteTodo>(queryClient, todoWrites.complete, {
    // The key goes in the body and, like every other create, in the header (the server wants both to agree).
    mutationFn: ({ todo, idempotencyKey, price }) =>
      call(
        apiRoutes.completeTodo,
        {
          params: { id: todo.id },
          body: { idempotencyKey, ...(price ? { priceOre: price.priceOre, saleType: price.saleType } : {}) },
        },
        { idempotencyKey },
      ),
    onSuccess: (client, _, { todo }) => {
      forgetTodo(client, todo);
      void refreshAfter(client, apiRoutes.completeTodo);
    },
    // A refused completion made offline: the todo comes back (or shows what became of it).
    onError: (client, _, __, queued) => {
      if (queued) void refreshAfter(client, apiRoutes.completeTodo);
    },
    // Offline the todo leaves the lists at once; it is sent when the network returns.
    onQueued: (client, { todo }) => forgetTodo(client, todo),
  });
}

/** apiRoutes.addTodo: the server merges a todo for the same bead and customer into the existing one. */
export function useAddTodo() {
  const queryClient = useQueryClient();
  registerTodoWrites(queryClient);
  const { mutateAsync } = useMutation<CreateTodoResult, Error, Keyed<TodoCreate>>({
    mutationKey: [todoWrites.add],
  });
  const send = useCallback((todo: Keyed<TodoCreate>) => sendOrQueue(mutateAsync, todo), [mutateAsync]);
  return { send };
}

/**
 * apiRoutes.completeTodo, the server's one-transaction completion; `price` first sets a 0-kr bead's
 * price. Offline it waits for the network (`send` resolves with `queued`).
 */
export function useCompleteTodo() {
  const queryClient = useQueryClient();
  registerTodoWrites(queryClient);
  const { mutateAsync } = useMutation<CompleteTodoResult, Error, CompleteTodo>({
    mutationKey: [todoWrites.complete],
  });
  const send = useCallback((completion: CompleteTodo) => sendOrQueue(mutateAsync, completion), [mutateAsync]);
  return { send };
}

/** apiRoutes.deleteTodo. */
export function useDeleteTodo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (todo: Todo) => call(apiRoutes.deleteTodo, { params: { id: todo.id } }),
    onSuccess: (_, todo) => {
      forgetTodo(queryClient, todo);
      void refreshAfter(queryClient, apiRoutes.deleteTodo);
    },
  });
}

/** For a todo the server no longer knows: refreshes what its completion or deletion changed. */
export function useRefreshGoneTodo() {
  const queryClient = useQueryClient();
  return useCallback(() => void refreshAfter(queryClient, apiRoutes.completeTodo), [queryClient]);
}
