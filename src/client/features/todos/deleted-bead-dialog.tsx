import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { formatKr } from '../../../shared/domain/money.ts';
import type { Todo } from '../../../shared/schemas/api-todos.ts';
import { texts } from '../../../shared/texts.ts';

const t = texts.todos.deletedBead;

type DeletedBeadDialogProps = {
  open: boolean;
  bead: Pick<Todo['bead'], 'name' | 'priceOre'> | null;
  onBringBack: () => void;
  onKeepDeleted: () => void;
  /** Closing the dialog (Fortryd, Escape, a tap beside it) completes nothing. */
  onCancel: () => void;
};

/**
 * The question before completing a todo of a deleted bead with a price: back to the catalogue, or stay
 * deleted. Either answer completes the todo; Fortryd has the focus, so a stray Enter decides nothing.
 */
export function DeletedBeadDialog({
  open,
  bead,
  onBringBack,
  onKeepDeleted,
  onCancel,
}: DeletedBeadDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={`${id}-title`}>{t.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {bead ? t.question(bead.name, formatKr(bead.priceOre)) : ''}
        </DialogContentText>
      </DialogContent>
      {/* Three answers with long labels: one under the other, the full width, the answer that keeps selling first. */}
      <DialogActions
        sx={{
          px: 3,
          pb: 2,
          flexDirection: 'column',
          alignItems: 'stretch',
          gap: 1,
          '& > :not(style) ~ :not(style)': { ml: 0 },
        }}
      >
        <Button onClick={onBringBack} variant="contained">
          {t.bringBack}
        </Button>
        <Button onClick={onKeepDeleted} variant="outlined">
          {t.keepDeleted}
        </Button>
        <Button onClick={onCancel} autoFocus>
          {texts.common.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
