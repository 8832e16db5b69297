import { Box, Card } from '@mui/material';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import type { TodoActions } from './todo-actions.tsx';
import { TodoRow } from './todo-row.tsx';

/**
 * A card of swipeable todo rows. The actions come from useTodoActions() in the page, which also renders
 * their dialogs once, however many lists the page shows.
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
  return (
    <Card sx={{ borderRadius: 3 }}>
      <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {todos.map((todo, index) => (
          <Box component="li" key={todo.id} sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}>
            <TodoRow
              todo={todo}
              showCustomer={showCustomer}
              busy={actions.busyWith(todo.id)}
              onComplete={actions.complete}
              onDelete={actions.requestDelete}
            />
          </Box>
        ))}
      </Box>
    </Card>
  );
}
