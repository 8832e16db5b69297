import AddIcon from '@mui/icons-material/Add';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { Button } from '@mui/material';
import { type ReactNode, useState } from 'react';
import {
  isTodoGrouping,
  prefsFromCookies,
  TODO_GROUPING_COOKIE,
  type TodoGrouping,
} from '../../../shared/first-screen-state.ts';
import { texts } from '../../../shared/texts.ts';
import { useTodosFirstScreenFirst } from '../../api/todos.ts';
import { CountChip } from '../../components/count-chip.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingState } from '../../components/loading-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useTodoActions } from '../../features/todos/todo-actions.tsx';
import { TodosView } from '../../features/todos/todos-view.tsx';
import { useDevicePref } from '../../lib/hydration.ts';
import { lazyDialog } from '../../lib/lazy-dialog.tsx';

const AddTodoDialog = lazyDialog(
  async () => (await import('../../features/todos/add-todo-dialog.tsx')).AddTodoDialog,
);

const t = texts.todos;
/** Where the choice was kept before it went into a cookie the server reads too. */
const GROUPING_STORAGE_KEY = 'todos:grouping';

const groupingListeners = new Set<() => void>();

/** The grouping chosen on this device: its cookie, else what an older version kept in localStorage. */
function storedGrouping(): TodoGrouping {
  const fromCookie = prefsFromCookies(document.cookie);
  if (document.cookie.includes(`${TODO_GROUPING_COOKIE}=`)) return fromCookie.todoGrouping;
  try {
    const stored = localStorage.getItem(GROUPING_STORAGE_KEY);
    return isTodoGrouping(stored) ? stored : 'none';
  } catch {
    return 'none';
  }
}

/**
 * The owner's last choice of grouping, kept on this device in a cookie, so the server renders the first screen
 * with it and the app hydrates it (lib/hydration.ts).
 */
function useStoredGrouping(): [TodoGrouping, (grouping: TodoGrouping) => void] {
  const grouping = useDevicePref('todoGrouping', storedGrouping, (onChange) => {
    groupingListeners.add(onChange);
    return () => groupingListeners.delete(onChange);
  });
  const choose = (next: TodoGrouping) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in the Safari of older iPhones.
    document.cookie = `${TODO_GROUPING_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
    for (const listener of groupingListeners) listener();
  };
  return [grouping, choose];
}

/** Todo (/todos): every bead a customer waits for, to complete (swipe left) or delete (swipe right). */
export function TodosPage() {
  const todos = useTodosFirstScreenFirst();
  const actions = useTodoActions();
  const [grouping, setGrouping] = useStoredGrouping();
  const [dialogOpen, setDialogOpen] = useState(false);

  let content: ReactNode;
  if (todos.status === 'pending') {
    content = <LoadingState label={t.loading} />;
  } else if (todos.status === 'error') {
    content = (
      <EmptyState
        title={t.loadFailed}
        description={todos.error.message}
        actions={<Button onClick={() => todos.refetch()}>{t.retry}</Button>}
      />
    );
  } else if (todos.total === 0) {
    content = (
      <EmptyState
        icon={<ChecklistIcon />}
        title={t.emptyTitle}
        description={t.emptyBody}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
            {t.addFirst}
          </Button>
        }
      />
    );
  } else {
    // Until the whole list is there, the first screenful (whole todos) shows in the flat list.
    content = (
      <TodosView
        todos={todos.data}
        grouping={grouping}
        onGroupingChange={setGrouping}
        actions={actions}
        firstScreenOf={todos.complete ? undefined : todos.total}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={t.title}
        chip={
          todos.status === 'ready' && (
            <CountChip
              count={todos.total}
              singular={`${t.unit.one} ${t.inTotal}`}
              plural={`${t.unit.other} ${t.inTotal}`}
            />
          )
        }
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialogOpen(true)}>
            {t.add}
          </Button>
        }
      />
      {content}
      <AddTodoDialog open={dialogOpen} onClose={() => setDialogOpen(false)} />
      {actions.dialogs}
    </>
  );
}
