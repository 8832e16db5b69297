import { Typography } from '@mui/material';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { texts } from '../../../shared/texts.ts';
import { useTodoActions } from './todo-actions.tsx';
import { TodoList } from './todo-list.tsx';

/**
 * 'Todos til kunde': the beads this customer is waiting for (amount and bead name). The rows are the todo
 * screen's: swipe left (or the row's buttons/menu) completes into this customer's active order, swipe right
 * deletes after confirmation.
 */
export function CustomerTodos({ todos }: { todos: Todo[] }) {
  const actions = useTodoActions();
  if (todos.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 0.5 }}>
        {texts.customers.detail.noTodos}
      </Typography>
    );
  }
  return (
    <>
      <TodoList
        todos={todos}
        actions={actions}
        label={texts.customers.detail.todosSection}
        showCustomer={false}
      />
      {actions.dialogs}
    </>
  );
}
