import CheckIcon from '@mui/icons-material/Check';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import {
  Box,
  CircularProgress,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { needsPriceBeforeCompletion } from '../../../shared/domain/bead-rules.ts';
import { formatInteger } from '../../../shared/domain/number-format.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { texts } from '../../../shared/texts.ts';
import { Hint } from '../../components/hint.tsx';
import { SwipeableRow } from '../../components/swipeable-row.tsx';
import type { TodoBusy } from './todo-actions.tsx';

const t = texts.todos;
/** From the theme's 'sm' breakpoint on there is room for two buttons; below, the row has a menu. */
const WIDE_QUERY = '(min-width: 600px)';

/** How a todo is named to screen readers and in menus: '3 Rød perle (Anna)'. */
export function todoLabel(todo: Todo): string {
  const base = `${formatInteger(todo.amount)} ${todo.bead.name}`;
  return todo.customer ? `${base} (${todo.customer.name})` : base;
}

/** The amount as a round badge in front of the bead name. */
export function TodoAmount({ amount }: { amount: number }) {
  return (
    <Box
      component="span"
      sx={{
        flexShrink: 0,
        minWidth: 40,
        height: 32,
        px: 1,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        borderRadius: 99,
        bgcolor: 'rgba(123, 45, 85, 0.1)',
        color: 'primary.main',
        fontWeight: 700,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {formatInteger(amount)}
    </Box>
  );
}

/** The bead's name, with the 'new' mark when it has no price yet (created from a todo). */
export function TodoBeadName({ name, priceOre }: { name: string; priceOre: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Typography noWrap sx={{ fontWeight: 600 }}>
        {name}
      </Typography>
      {needsPriceBeforeCompletion({ priceOre }) && (
        <Hint title={t.newBeadMarker}>
          <NewReleasesOutlinedIcon
            titleAccess={t.newBeadMarker}
            fontSize="small"
            sx={{ color: 'warning.main', flexShrink: 0 }}
          />
        </Hint>
      )}
    </Box>
  );
}

/** A row's content: amount, bead, subtext and whatever goes at the end. Shared by every todo list. */
export function TodoRowContent({
  amount,
  beadName,
  priceOre,
  subtitle,
  end,
}: {
  amount: number;
  beadName: string;
  priceOre: number;
  subtitle?: ReactNode;
  end?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 64, pl: 2, pr: 1, py: 1 }}>
      <TodoAmount amount={amount} />
      {/* A space keeps '3 Rød perle' one phrase for screen readers; flex layout does not show it. */}{' '}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <TodoBeadName name={beadName} priceOre={priceOre} />
        {subtitle}
      </Box>
      {end}
    </Box>
  );
}

type TodoRowProps = {
  todo: Todo;
  /** The customer's name under the bead; left out where the heading or page already names the customer. */
  showCustomer?: boolean;
  /** The todo is being completed or deleted: no swiping, no buttons. */
  busy?: TodoBusy | null;
  onComplete: (todo: Todo) => void;
  onDelete: (todo: Todo) => void;
};

/**
 * One todo (docs/product/todos.md): amount and bead name, the customer as subtext ('Fejl: Kunde mangler'
 * without one). Swipe left completes, swipe right deletes; the same actions sit behind buttons (desktop) or a
 * menu (phone), so a keyboard or a screen reader reaches them too.
 */
export function TodoRow({ todo, showCustomer = true, busy = null, onComplete, onDelete }: TodoRowProps) {
  const wide = useMediaQuery(WIDE_QUERY);
  const label = todoLabel(todo);

  let subtitle: ReactNode = null;
  if (!todo.customer) {
    subtitle = (
      <Typography
        variant="body2"
        sx={{ color: 'error.main', display: 'flex', alignItems: 'center', gap: 0.5 }}
        noWrap
      >
        <ErrorOutlineIcon sx={{ fontSize: 16 }} aria-hidden />
        {t.customerMissing}
      </Typography>
    );
  } else if (showCustomer) {
    subtitle = (
      <Typography variant="body2" color="text.secondary" noWrap>
        {todo.customer.name}
      </Typography>
    );
  }

  let end: ReactNode;
  if (busy) {
    end = (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5, color: 'text.secondary' }}
      >
        <CircularProgress size={20} aria-hidden />
        {/* Read out on the phone too, where only the spinner shows. */}
        <Typography
          variant="body2"
          sx={
            wide
              ? undefined
              : { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
          }
        >
          {busy === 'deleting' ? t.deleting : t.completing}
        </Typography>
      </Box>
    );
  } else if (wide) {
    end = (
      <Box sx={{ display: 'flex', gap: 0.5, flexShrink: 0 }}>
        <Hint title={t.complete}>
          <IconButton aria-label={t.completeNamed(label)} onClick={() => onComplete(todo)} color="success">
            <CheckIcon />
          </IconButton>
        </Hint>
        <Hint title={texts.common.delete}>
          <IconButton aria-label={t.deleteNamed(label)} onClick={() => onDelete(todo)}>
            <DeleteOutlineIcon />
          </IconButton>
        </Hint>
      </Box>
    );
  } else {
    end = <TodoRowMenu label={label} onComplete={() => onComplete(todo)} onDelete={() => onDelete(todo)} />;
  }

  return (
    <Box aria-busy={busy ? true : undefined} sx={{ opacity: busy ? 0.65 : 1, transition: 'opacity 150ms' }}>
      <SwipeableRow
        disabled={busy !== null}
        left={{ label: t.complete, icon: <CheckIcon />, color: 'success', onSwipe: () => onComplete(todo) }}
        right={{
          label: texts.common.delete,
          icon: <DeleteOutlineIcon />,
          color: 'error',
          onSwipe: () => onDelete(todo),
        }}
      >
        <TodoRowContent
          amount={todo.amount}
          beadName={todo.bead.name}
          priceOre={todo.bead.priceOre}
          subtitle={subtitle}
          end={end}
        />
      </SwipeableRow>
    </Box>
  );
}

function TodoRowMenu({
  label,
  onComplete,
  onDelete,
}: {
  label: string;
  onComplete: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <IconButton
        aria-label={t.actionsFor(label)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? id : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ flexShrink: 0 }}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu
        id={id}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={pick(onComplete)} sx={{ minHeight: 48 }}>
          <ListItemIcon>
            <CheckIcon color="success" />
          </ListItemIcon>
          <ListItemText>{t.complete}</ListItemText>
        </MenuItem>
        <MenuItem onClick={pick(onDelete)} sx={{ minHeight: 48 }}>
          <ListItemIcon>
            <DeleteOutlineIcon color="error" />
          </ListItemIcon>
          <ListItemText>{texts.common.delete}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
