import PersonOffOutlinedIcon from '@mui/icons-material/PersonOffOutlined';
import ShoppingBasketOutlinedIcon from '@mui/icons-material/ShoppingBasketOutlined';
import SwipeOutlinedIcon from '@mui/icons-material/SwipeOutlined';
import { Avatar, Box, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { type ReactNode, useCallback, useMemo } from 'react';
import { countOf } from '../../../shared/domain/plural.ts';
import type { TodoGrouping } from '../../../shared/first-screen-state.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { pathOf, screens } from '../../../shared/screens.ts';
import { texts } from '../../../shared/texts.ts';
import { GroupedList, type ListGroup } from '../../components/grouped-list.tsx';
import { InitialAvatar } from '../../components/initial-avatar.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { Link } from '../../lib/router.tsx';
import { useAppBarHeight } from '../../lib/use-element-height.ts';
import type { TodoActions } from './todo-actions.tsx';
import {
  type CumulativeTodo,
  type CustomerTodoGroup,
  cumulativeByBead,
  groupByCustomer,
  groupingCounts,
} from './todo-grouping.ts';
import { TodoGroupingChips } from './todo-grouping-chips.tsx';
import { TODO_ROW_ESTIMATE, TodoList, todoCardSx, todoKey, useTodoRowRenderer } from './todo-list.tsx';
import { TodoRowContent } from './todo-row.tsx';

const t = texts.todos;

type TodosViewProps = {
  todos: readonly Todo[];
  grouping: TodoGrouping;
  onGroupingChange: (grouping: TodoGrouping) => void;
  actions: TodoActions;
  /**
   * Only the first screenful of `total` todos has arrived: the flat list shows those rows (they are whole
   * todos, so they can be completed and deleted) above a note that the rest is coming; the groupings by
   * customer and the shopping list need every todo, so they wait, and so do their counts.
   */
  firstScreenOf?: number;
};

/** The todo page below its header: grouping chips, the hint, and the list in the chosen grouping. */
export function TodosView({ todos, grouping, onGroupingChange, actions, firstScreenOf }: TodosViewProps) {
  const partial = firstScreenOf !== undefined;
  const counts = useMemo(
    () => (partial ? { none: firstScreenOf, customer: null, cumulative: null } : groupingCounts(todos)),
    [todos, partial, firstScreenOf],
  );

  // The flat list is the same element before and after the whole list arrives, so its rows stay mounted
  // (a swipe or focus in progress survives the swap).
  let list: ReactNode;
  if (grouping === 'none') {
    list = <TodoList todos={todos} actions={actions} label={t.title} />;
  } else if (partial) {
    list = <LoadingState label={t.loading} />;
  } else if (grouping === 'customer') {
    list = <ByCustomer todos={todos} actions={actions} />;
  } else {
    list = <Cumulative todos={todos} />;
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
      {partial && grouping === 'none' && <RestComing />}
    </Stack>
  );
}

/** Below the first screenful: the rest of the list is on its way. */
function RestComing() {
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1.5, py: 1 }}
    >
      <CircularProgress size={18} aria-hidden />
      <Typography variant="body2" color="text.secondary">
        {t.loadingRest}
      </Typography>
    </Box>
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

type CustomerSection = ListGroup<Todo> & CustomerTodoGroup;

const customerSectionName = (group: CustomerTodoGroup) => group.customerName ?? t.noCustomer;

/** A customer's heading above their todos; it also sticks at the top while their rows scroll by. */
function CustomerHeader({ group, first }: { group: CustomerTodoGroup; first: boolean }) {
  const name = customerSectionName(group);
  return (
    <Box sx={{ pt: first ? 0 : 2.5, pb: 1, px: 0.5, bgcolor: 'background.default' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
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
              to={pathOf(screens.customer, { id: group.customerId })}
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
    </Box>
  );
}

/** Kunde: the todos under a heading per customer, 'Ingen kunde' last; one virtual list for them all. */
function ByCustomer({ todos, actions }: { todos: readonly Todo[]; actions: TodoActions }) {
  const stickyTop = useAppBarHeight();
  // Grouped once per change of the todos, not on every render.
  const groups = useMemo<CustomerSection[]>(
    () =>
      groupByCustomer(todos).map((group) => ({
        ...group,
        key: group.customerId ?? 'none',
        items: group.todos,
      })),
    [todos],
  );
  const firstKey = groups[0]?.key;
  const renderHeader = useCallback(
    (group: CustomerSection) => <CustomerHeader group={group} first={group.key === firstKey} />,
    [firstKey],
  );
  const renderItem = useTodoRowRenderer(actions, false);
  return (
    <GroupedList
      groups={groups}
      getKey={todoKey}
      renderItem={renderItem}
      renderHeader={renderHeader}
      groupLabel={customerSectionName}
      estimateItemHeight={TODO_ROW_ESTIMATE}
      estimateHeaderHeight={58}
      stickyTop={stickyTop}
      stickyHeaders
      listSx={todoCardSx}
      divided
    />
  );
}

const cumulativeKey = (entry: CumulativeTodo) => entry.bead.id;
const cumulativeLabel = () => t.groupingCumulative;

function CumulativeRow({ entry }: { entry: CumulativeTodo }) {
  return (
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
  );
}

const renderCumulative = (entry: CumulativeTodo) => <CumulativeRow entry={entry} />;

/** Samlede: the shopping list. Read-only, so no swiping and no buttons. */
function Cumulative({ todos }: { todos: readonly Todo[] }) {
  const stickyTop = useAppBarHeight();
  // Summed once per change of the todos, not on every render.
  const groups = useMemo<ListGroup<CumulativeTodo>[]>(
    () => [{ key: 'cumulative', items: cumulativeByBead(todos) }],
    [todos],
  );
  return (
    <GroupedList
      groups={groups}
      getKey={cumulativeKey}
      renderItem={renderCumulative}
      groupLabel={cumulativeLabel}
      estimateItemHeight={TODO_ROW_ESTIMATE}
      stickyTop={stickyTop}
      listSx={todoCardSx}
      divided
    />
  );
}
