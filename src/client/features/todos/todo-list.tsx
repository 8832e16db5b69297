import type { Theme } from '@mui/material/styles';
import { useCallback, useMemo } from 'react';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { GroupedList, type ListGroup } from '../../components/grouped-list.tsx';
import { useAppBarHeight } from '../../lib/use-element-height.ts';
import type { TodoActions } from './todo-actions.tsx';
import { TodoRow } from './todo-row.tsx';

/** A todo row's height before it is measured: the 64 px row and its dividing line. */
export const TODO_ROW_ESTIMATE = 65;

/** A group of todo rows looks like a card. */
export const todoCardSx = {
  bgcolor: 'background.paper',
  borderRadius: 3,
  boxShadow: (theme: Theme) => `0 0 0 1px ${theme.palette.divider}`,
  overflow: 'clip',
} as const;

export const todoKey = (todo: Todo) => todo.id;

/** The swipeable rows' renderer, stable while the actions and the busy rows stay the same. */
export function useTodoRowRenderer(actions: TodoActions, showCustomer: boolean) {
  const { busyWith, complete, requestDelete } = actions;
  return useCallback(
    (todo: Todo) => (
      <TodoRow
        todo={todo}
        showCustomer={showCustomer}
        busy={busyWith(todo.id)}
        onComplete={complete}
        onDelete={requestDelete}
      />
    ),
    [busyWith, complete, requestDelete, showCustomer],
  );
}

/**
 * A card of swipeable todo rows, virtualised: only the rows in view are in the page, however many todos
 * there are. The actions come from useTodoActions() in the page, which also renders their dialogs once,
 * however many lists the page shows.
 */
export function TodoList({
  todos,
  actions,
  label,
  showCustomer = true,
}: {
  todos: readonly Todo[];
  actions: TodoActions;
  /** Accessible name of the list. */
  label: string;
  showCustomer?: boolean;
}) {
  const stickyTop = useAppBarHeight();
  const groups = useMemo<ListGroup<Todo>[]>(() => [{ key: 'todos', items: todos }], [todos]);
  const renderItem = useTodoRowRenderer(actions, showCustomer);
  const groupLabel = useCallback(() => label, [label]);
  return (
    <GroupedList
      groups={groups}
      getKey={todoKey}
      renderItem={renderItem}
      groupLabel={groupLabel}
      estimateItemHeight={TODO_ROW_ESTIMATE}
      stickyTop={stickyTop}
      listSx={todoCardSx}
      divided
    />
  );
}
