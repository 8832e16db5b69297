import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import ShoppingBasketOutlinedIcon from '@mui/icons-material/ShoppingBasketOutlined';
import SwipeOutlinedIcon from '@mui/icons-material/SwipeOutlined';
import { Avatar, Box, Card, Link as MuiLink, Stack, Typography } from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { countOf } from '../../../shared/domain/plural.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { texts } from '../../../shared/texts.ts';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import type { TodoActions } from './todo-actions.tsx';
import {
  type CumulativeTodo,
  type CustomerTodoGroup,
  cumulativeByBead,
  groupByCustomer,
  groupingCounts,
  type TodoGrouping,
} from './todo-grouping.ts';
import { TodoGroupingChips } from './todo-grouping-chips.tsx';
import { TodoList } from './todo-list.tsx';
import { TodoRowContent } from './todo-row.tsx';

const t = texts.todos;

type TodosViewProps = {
  todos: readonly Todo[];
  grouping: TodoGrouping;
  onGroupingChange: (grouping: TodoGrouping) => void;
  actions: TodoActions;
};

/** The todo page below its header: grouping chips, the hint, and the list in the chosen grouping. */
export function TodosView({ todos, grouping, onGroupingChange, actions }: TodosViewProps) {
  const counts = useMemo(() => groupingCounts(todos), [todos]);

  let list: ReactNode;
  if (grouping === 'customer') {
    list = <ByCustomer groups={groupByCustomer(todos)} actions={actions} />;
  } else if (grouping === 'cumulative') {
    list = <Cumulative entries={cumulativeByBead(todos)} />;
  } else {
    list = <TodoList todos={todos} actions={actions} label={t.title} />;
  }

  return (
    <Stack spacing={2}>
      <Stack spacing={1.25}>
        <TodoGroupingChips value={grouping} counts={counts} onChange={onGroupingChange} />
        <Hint icon={grouping === 'cumulative' ? <ShoppingBasketOutlinedIcon /> : <SwipeOutlinedIcon />}>
          {grouping === 'cumulative' ? t.cumulativeHint : t.swipeHint}
        </Hint>
      </Stack>
      {list}
    </Stack>
  );
}

function Hint({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Typography
      variant="body2"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        color: 'text.secondary',
        '& svg': { fontSize: 18, color: 'primary.light', flexShrink: 0 },
      }}
    >
      {icon}
      {children}
    </Typography>
  );
}

function ByCustomer({ groups, actions }: { groups: CustomerTodoGroup[]; actions: TodoActions }) {
  return (
    <Stack spacing={2.5}>
      {groups.map((group) => {
        const name = group.customerName ?? t.noCustomer;
        return (
          <Box component="section" key={group.customerId ?? 'none'} aria-label={name}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1, px: 0.5 }}>
              {group.customerId ? (
                <InitialAvatar name={name} size={30} />
              ) : (
                <Avatar sx={{ width: 30, height: 30, bgcolor: 'action.selected', color: 'text.secondary' }}>
                  <PersonOffOutlinedIcon sx={{ fontSize: 18 }} />
                </Avatar>
              )}
              <Typography variant="h3" component="h2" noWrap sx={{ minWidth: 0 }}>
                {group.customerId ? (
                  <MuiLink
                    component={Link}
                    to={`/customers/${encodeURIComponent(group.customerId)}`}
                    color="inherit"
                    underline="hover"
                  >
                    {name}
                  </MuiLink>
                ) : (
                  name
                )}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {countOf(group.todos.length, t.unit)}
              </Typography>
            </Box>
            <TodoList todos={group.todos} actions={actions} label={name} showCustomer={false} />
          </Box>
        );
      })}
    </Stack>
  );
}

/** Samlede: the shopping list. Read-only, so no swiping and no buttons. */
function Cumulative({ entries }: { entries: CumulativeTodo[] }) {
  return (
    <Card sx={{ borderRadius: 3 }}>
      <Box component="ul" aria-label={t.groupingCumulative} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry, index) => (
          <Box
            component="li"
            key={entry.bead.id}
            sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
          >
            <TodoRowContent
              amount={entry.amount}
              beadName={entry.bead.name}
              priceOre={entry.bead.priceOre}
              subtitle={
                <Typography variant="body2" color="text.secondary" noWrap>
                  {entry.customerNames.map((name) => name ?? t.noCustomer).join(', ')}
                </Typography>
              }
            />
          </Box>
        ))}
      </Box>
    </Card>
  );
}
