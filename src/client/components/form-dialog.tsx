import type { SxProps, Theme } from '@mui/material';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { texts } from '../../shared/texts.ts';

type FormDialogProps = {
  open: boolean;
  title: ReactNode;
  /** Cancel, Escape and a tap outside; none of them while the form is being sent. */
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** While true the buttons are disabled and the dialog cannot be closed. */
  submitting: boolean;
  submitLabel: ReactNode;
  maxWidth?: 'xs' | 'sm';
  /** Extra styles for the content area (the padding at the top is the shell's). */
  contentSx?: SxProps<Theme>;
  children: ReactNode;
};

/**
 * The shell every form dialog shares: a titled dialog around a `<form noValidate>` (react-hook-form
 * and zod say what is wrong, in Danish), the fields, then 'Fortryd' and the submit button, both disabled while
 * the form is being sent. The dialog's name is its title (aria-labelledby).
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitting,
  submitLabel,
  maxWidth = 'xs',
  contentSx,
  children,
}: FormDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
    >
      {/* A column that may shrink: a long form scrolls in its content while the title and the buttons stay. */}
      <form noValidate onSubmit={onSubmit} style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent
          sx={[
            { pt: '8px !important' },
            ...(contentSx === undefined ? [] : Array.isArray(contentSx) ? contentSx : [contentSx]),
          ]}
        >
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={submitting}>
            {texts.common.cancel}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
