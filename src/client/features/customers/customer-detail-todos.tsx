import { Box, Card, Typography } from '@mui/material';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { texts } from '../../../shared/texts.ts';

/**
 * 'Todos til kunde': the beads this customer is waiting for (amount and bead name), read-only for now.
 * The todo screen's dialog and swipe actions can be added here.
 */
export function CustomerTodos({ todos }: { todos: Todo[] }) {
  if (todos.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ px: 0.5 }}>
        {texts.customers.detail.noTodos}
      </Typography>
    );
  }
  return (
    <Card>
      <Box
        component="ul"
        aria-label={texts.customers.detail.todosSection}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {todos.map((todo, index) => (
          <Box
            component="li"
            key={todo.id}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              px: 2,
              py: 1.25,
              borderTop: index === 0 ? 0 : 1,
              borderColor: 'divider',
            }}
          >
            <Box
              component="span"
              sx={{
                minWidth: 36,
                px: 1,
                py: 0.25,
                borderRadius: 99,
                bgcolor: 'action.selected',
                fontWeight: 700,
                textAlign: 'center',
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {formatInteger(todo.amount)}
            </Box>{' '}
            <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>{todo.bead.name}</Typography>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
